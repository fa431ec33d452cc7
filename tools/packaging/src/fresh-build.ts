import { existsSync, globSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root, type Workspace } from './workspace-manifests';

const newest = (files: string[]): number => Math.max(0, ...files.map((f) => statSync(f).mtimeMs));
const oldest = (files: string[]): number => Math.min(...files.map((f) => statSync(f).mtimeMs));

/**
 * Whether a workspace's build is missing or older than what it is built from (its sources, tests
 * left out, and its build configuration): packing it then would ship something else.
 */
export function isStale(workspace: Workspace): boolean {
  const dir = join(root, workspace.dir);
  const built = globSync('dist/**/*.js', { cwd: dir }).map((f) => join(dir, f));
  if (built.length === 0) return true;
  const inputs = globSync(['src/**/*.ts', 'tsup.config.ts'], { cwd: dir })
    .filter((f) => !f.endsWith('.test.ts'))
    .map((f) => join(dir, f))
    .filter((f) => existsSync(f));
  return newest(inputs) > oldest(built);
}
