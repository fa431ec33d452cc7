// A service's test starting the installed harness and talking to it with the installed client.
// Prints what it saw as one JSON line; the pack test judges it.
import { startHarness } from '@pips/harness';
import { createPipsClient } from '@pips/client';

const harness = await startHarness();
try {
  const pips = createPipsClient({ baseUrl: harness.url, token: harness.token });
  const atStart = (await pips.manufacturers.list()).length;
  const fixture = await fetch(`${harness.url}/__harness/fixtures/reference`, { method: 'POST' });
  const afterFixture = (await pips.manufacturers.list()).map((m) => m.name);
  await harness.reset();
  const afterReset = (await pips.manufacturers.list()).length;
  console.log(JSON.stringify({ url: harness.url, atStart, fixtureStatus: fixture.status, afterFixture, afterReset }));
} finally {
  await harness.close();
}
