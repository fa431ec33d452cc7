// Prints `N passed, N failed` (`, N skipped` when some were) from vitest's own JSON report, so a
// run that executed no test shows it. A second line, when there is one, says why the run failed.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.log('0 passed, 1 failed');
  console.log(`no test report at ${file}: the tests did not run`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const passed = report.numPassedTests ?? 0;
// A file that failed without a failing test (an import or setup error) counts as one failure.
const brokenFiles = (report.testResults ?? []).filter(
  (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
).length;
let failed = (report.numFailedTests ?? 0) + brokenFiles;
let why;
// Unhandled errors and a failed global setup fail the run without failing any test.
if (report.success === false && failed === 0) {
  failed = 1;
  why = 'the run failed outside any test (an unhandled error or a global setup failure): see the log above';
} else if (passed === 0 && failed === 0) {
  why = 'no test ran';
}
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(skipped > 0 ? `${passed} passed, ${failed} failed, ${skipped} skipped` : `${passed} passed, ${failed} failed`);
if (why) console.log(why);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
