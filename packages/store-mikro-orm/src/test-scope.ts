import { TestRunner, type TestContext } from 'vitest';
import { copyPgliteTemplate, type PgliteTemplate } from './pglite-templates';

/**
 * Test support: what a test makes in this process or on disk lasts as long as the test, also
 * when it fails or times out. Each helper hands its cleanup to the test's `onTestFinished`.
 */

/** Cleanup hooks wait this long: a copy, a closing database or a stopping server on a busy machine. */
const CLEANUP_TIMEOUT_MS = 60_000;

const ignore = (): undefined => undefined;

/**
 * The running test. A test that timed out has ended and its cleanup has run, but its body runs
 * on; what it asks for then must not start, or it would outlive the cleanup.
 */
function runningTest(): TestContext {
  const test = TestRunner.getCurrentTest();
  if (!test) throw new Error('This helper works only inside a test');
  test.context.signal.throwIfAborted();
  return test.context;
}

/**
 * Inside a test: a new DATA_DIR holding a copy of a template, removed when the test finishes,
 * whether it passed, failed or timed out. Hooks run last-registered first, so what the test
 * registers afterwards (a child process to stop, `openInTest`, `runInTest`) ends before the folder goes.
 */
export async function pgliteDataDir(template: PgliteTemplate, prefix?: string): Promise<string> {
  const test = runningTest();
  const copy = copyPgliteTemplate(template, prefix);
  test.onTestFinished(() => copy.remove(), CLEANUP_TIMEOUT_MS);
  await copy.ready;
  return copy.dir;
}

/**
 * Inside a test: work on a database in this process, which the test's cleanup waits for. A test
 * that times out leaves its work running; removing the folder under it would make it fail later,
 * or write the folder again.
 */
export function runInTest<T>(work: () => Promise<T>): Promise<T> {
  const test = runningTest();
  const running = work();
  test.onTestFinished(() => running.then(ignore, ignore), CLEANUP_TIMEOUT_MS);
  return running;
}

/** Inside a test: opens something in this process (a store, a server) and closes it when the test finishes. */
export function openInTest<T extends { close(): Promise<void> }>(open: () => Promise<T>): Promise<T> {
  const test = runningTest();
  const opening = open();
  test.onTestFinished(async () => {
    const opened = await opening.catch(ignore);
    await opened?.close();
  }, CLEANUP_TIMEOUT_MS);
  return opening;
}
