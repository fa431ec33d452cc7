import { join } from 'node:path';
import { isStale } from './fresh-build';
import { run } from './run-command';
import { publishedWorkspaces, root } from './workspace-manifests';

/**
 * The pack test packs what was built. `npm test` builds first, so nothing is done then; run on
 * its own after a change, this builds the published packages that are missing or out of date,
 * before any test of the run has started (and so before anything reads their dist).
 */
export default async function buildWhatIsStale(): Promise<void> {
  const stale = publishedWorkspaces().filter(isStale);
  if (stale.length === 0) return;
  const filters = stale.map((w) => `--filter=${w.manifest.name}`);
  console.info(`[packaging] building ${stale.map((w) => w.manifest.name).join(', ')}`);
  await run(process.execPath, [join(root, 'node_modules/turbo/bin/turbo'), 'run', 'build', ...filters, '--output-logs=errors-only'], { cwd: root });
}
