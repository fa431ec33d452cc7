import { harnessEnv } from './harness-env';
import { startHarness } from './start-harness';

// `npm run harness`: the harness on HARNESS_PORT for manual and black-box testing.
const harness = await startHarness(harnessEnv(process.env));
console.log(`PIPS harness listening on ${harness.url} (token: ${harness.token})`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void harness.close().then(() => process.exit(0));
  });
}
