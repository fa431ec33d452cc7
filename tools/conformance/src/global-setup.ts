import type { TestProject } from 'vitest/node';
import { providePgliteTemplates } from '@pips/store-mikro-orm/test';
import { selectTargets, startTarget, tokenProblems, type RunningTarget } from './targets';
import './provided';

/** Starts every selected target once for the whole run and hands them to the test files. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const names = selectTargets();
  // The server on PGlite starts on a copy of the run's migrated database template.
  const removeTemplates = names.includes('server-pglite') ? await providePgliteTemplates(project) : async () => undefined;
  const pgliteTemplate = project.getProvidedContext().pgliteTemplates?.migrated;
  const running: RunningTarget[] = [];
  const stopTargets = async () => {
    const results = await Promise.allSettled(running.reverse().map((r) => r.stop()));
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed.length > 0) throw new AggregateError(failed.map((f) => f.reason), 'stopping conformance targets failed');
  };
  const stopAll = async () => {
    try {
      await stopTargets();
    } finally {
      await removeTemplates();
    }
  };
  try {
    for (const name of names) {
      const started = await startTarget(name, { pgliteTemplate });
      running.push(started);
      console.info(`[conformance] target ${name} at ${started.target.url}`);
      const problems = await tokenProblems(started.target);
      if (problems.length > 0) {
        // Not fatal: the cases that use these tokens fail and show it; this names the cause once.
        console.warn(
          `[conformance] WARNING ${name}: ${problems.join('; ')}.` +
            (name.startsWith('server') ? ' The tokens the CLI made are not in the store the server opened.' : ''),
        );
      }
    }
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
  project.provide(
    'targets',
    running.map((r) => r.target),
  );
  return stopAll;
}
