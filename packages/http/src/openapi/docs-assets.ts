import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The files of swagger-ui-dist the page loads, with their media types: nothing else is served. */
const FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

export interface DocsAssets {
  /** swagger-ui-dist's version: part of every asset's path, so a new one is a new URL. */
  readonly version: string;
  /** Where the file named is on disk, and its media type; null for a file not served. */
  file(name: string): { path: string; type: string } | null;
}

/** The renderer's own files, read from the installed package (never from elsewhere), found once. */
export function docsAssets(): DocsAssets {
  const manifest = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json');
  const directory = dirname(manifest);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return {
    version,
    file(name) {
      const type = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
      return type === undefined ? null : { path: join(directory, name), type };
    },
  };
}
