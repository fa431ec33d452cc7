import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { importsOf, root, type Workspace } from './workspaces';

/** The build's entry points (`entry` of tsup.config.ts), relative to the repo root; none for a workspace that builds nothing. */
export function entryFiles(workspace: Workspace): string[] {
  const config = join(root, workspace.dir, 'tsup.config.ts');
  if (!existsSync(config)) return [];
  const list = /entry:\s*\[([^\]]*)\]/.exec(readFileSync(config, 'utf8'))?.[1] ?? '';
  return [...list.matchAll(/['"]([^'"]+)['"]/g)].map((m) => join(workspace.dir, m[1] as string));
}

/** `./x` from `dir/a.ts` → `dir/x.ts` or `dir/x/index.ts`; undefined when neither exists. */
function resolveRelative(from: string, spec: string): string | undefined {
  const base = normalize(join(dirname(from), spec));
  return [base, `${base}.ts`, join(base, 'index.ts')].find((file) => file.endsWith('.ts') && existsSync(join(root, file)));
}

/**
 * The source files a build ships: every file reachable by relative imports from the entry points,
 * leaving out `src/test.ts`, the `./test` subpath's entry, and what only it reaches.
 */
export function shippedFiles(workspace: Workspace): string[] {
  const seen = new Set<string>();
  const queue = entryFiles(workspace).filter((file) => !file.endsWith('/src/test.ts'));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of importsOf(file).filter((s) => s.startsWith('.'))) {
      const target = resolveRelative(file, spec);
      if (target) queue.push(target);
    }
  }
  return [...seen].sort();
}
