import { startHarness } from './start-harness';

// `npm run harness`: the harness on HARNESS_PORT for manual and black-box testing.
const port = Number(process.env.HARNESS_PORT ?? 3001);
const host = process.env.HOST ?? '127.0.0.1';
const harness = await startHarness({ port, host, timezone: process.env.SITE_TIMEZONE ?? 'UTC' });
console.log(`PIPS harness listening on ${harness.url} (token: ${harness.token})`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void harness.close().then(() => process.exit(0));
  });
}
