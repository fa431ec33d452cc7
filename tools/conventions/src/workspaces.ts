import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = join(import.meta.dirname, '..', '..', '..');

export interface Workspace {
  name: string;
  dir: string;
  dependencies: string[];
  devDependencies: string[];
  exports: unknown;
}

export function workspaces(): Workspace[] {
  return ['packages', 'apps', 'tools'].flatMap((group) =>
    readdirSync(join(root, group))
      .map((entry) => join(root, group, entry))
      .filter((dir) => existsSync(join(dir, 'package.json')))
      .map((dir) => {
        const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
        return {
          name: manifest.name,
          dir: relative(root, dir),
          dependencies: Object.keys(manifest.dependencies ?? {}),
          devDependencies: Object.keys(manifest.devDependencies ?? {}),
          exports: manifest.exports,
        };
      }),
  );
}

/** Every .ts source file below `dir` (relative to the repo root), tests included. */
export function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(join(root, at))) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const path = join(at, entry);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) found.push(path);
    }
  };
  if (existsSync(join(root, dir))) walk(dir);
  return found;
}

/** Module specifiers a file imports or re-exports (static and dynamic). */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((m) => m[1] as string);
}
