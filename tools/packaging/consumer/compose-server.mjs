// A service composing PIPS from the installed packages: a memory store, a token issued by the
// domain, the Koa app on a free port; a record created and read back over HTTP and with the client.
// Prints what it saw as one JSON line; the pack test judges it.
import { issueToken, parseIssueToken } from '@pips/domain';
import { createApp, listen } from '@pips/http';
import { createMemoryStore } from '@pips/store-memory';
import { parseXml } from '@pips/xml';
import { createPipsClient, isPipsApiError } from '@pips/client';

const clock = { now: () => new Date('2024-05-06T07:08:09Z') };
const store = createMemoryStore();
const { token } = await issueToken({ store, clock }, parseIssueToken({ name: 'consumer', permissions: ['manage_data'] }));
const app = createApp({ store, clock, timezone: 'UTC' });
const listener = await listen(app.callback(), 0, '127.0.0.1');
try {
  const api = `${listener.url}/api/v2/${token}`;
  const created = await fetch(`${api}/manufacturer`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/xml' },
    body: '<manufacturer><name>Acme</name><city>Dallas</city></manufacturer>',
  });
  const createdBody = parseXml(await created.text());
  const shown = await fetch(`${api}/manufacturer/${createdBody.manufacturer.id}`);
  const shownBody = parseXml(await shown.text());

  const pips = createPipsClient({ baseUrl: listener.url, token });
  const unit = await pips.units.create({ name: 'Each' });
  const unitAgain = await pips.units.show(unit.id);
  const refused = await createPipsClient({ baseUrl: listener.url, token: 'not-a-token' })
    .units.list()
    .then(() => null, (error) => (isPipsApiError(error) ? { status: error.status, code: error.code } : String(error)));

  console.log(
    JSON.stringify({
      created: { status: created.status, type: created.headers.get('content-type'), body: createdBody },
      shown: { status: shown.status, body: shownBody },
      client: { unit: unitAgain, refused },
    }),
  );
} finally {
  await listener.close(0);
  await store.close();
}
