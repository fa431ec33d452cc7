import { globSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository's root. */
export const root = join(import.meta.dirname, '..', '..', '..');

/** The fields of a package.json the packaging checks read. */
export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  description?: string;
  license?: string;
  engines?: Record<string, string>;
  main?: string;
  types?: string;
  exports?: unknown;
  files?: string[];
  publishConfig?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  overrides?: Record<string, string>;
  workspaces?: string[];
}

export interface Workspace {
  /** Relative to the root: `packages/domain`. */
  dir: string;
  manifest: Manifest;
}

export const readManifest = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** Every workspace the root's `workspaces` patterns name. */
export function workspaces(): Workspace[] {
  const patterns = readManifest(join(root, 'package.json')).workspaces ?? [];
  return patterns
    .flatMap((pattern) => globSync(`${pattern}/package.json`, { cwd: root }))
    .sort()
    .map((file) => ({ dir: dirname(file), manifest: readManifest(join(root, file)) }));
}

/** The workspaces that are published: every one not marked private. */
export const publishedWorkspaces = (): Workspace[] => workspaces().filter((w) => w.manifest.private !== true);

/** The version an installed dependency of the repository has (`vitest`, `typescript`): the scratch project pins the same. */
export const installedVersion = (name: string): string => readManifest(join(root, 'node_modules', name, 'package.json')).version;
