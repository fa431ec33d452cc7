import { exchangeText, sendTokensEverywhere, tokensIn, type ProbeExchange } from '@pips/http/test';
import { describe, expect, it } from 'vitest';
import { get, post, unique, xmlBody } from './client';
import { expectStatus, show } from './expect-xml';
import { runPips } from './pips-cli';
import { targets } from './suite';
import type { Target } from './targets';

// A token never comes back (docs/decisions.md, "Tokens in what PIPS shows and logs"): the
// caller's token, a second valid token and a mistyped one, sent in every place a client could put
// one (`sendTokensEverywhere`, shared with the server's log test), appear in no answer, header,
// /metrics or /openapi.json, except a field the caller stored, which is data and shown as sent.
// The server's log is read by `apps/server/src/token-echo.test.ts`.

const EVERY_PERMISSION = ['manage_data', 'view_inventory', 'edit_released_revisions', 'create_draft_revisions'];

/** A new token with every permission, as each target issues one. */
async function freshToken(target: Target): Promise<string> {
  const name = unique('echo');
  if (target.name === 'harness') {
    const permissions = EVERY_PERMISSION.map((p) => `<permission>${p}</permission>`).join('');
    const reply = await post(target, '/__harness/tokens', {
      rawPath: true,
      body: xmlBody('token', { name }, `<permissions type="array">${permissions}</permissions>`),
    });
    expectStatus(reply, 200);
    return String((reply.xml?.token as { value: string }).value);
  }
  const made = await runPips(target, ['token', 'create', '--name', name, ...EVERY_PERMISSION.flatMap((p) => ['--permission', p])]);
  expect(made.code, made.stderr).toBe(0);
  return made.stdout.trim();
}

/** What the refused writes could have changed: the records they were sent to. */
async function records(target: Target): Promise<string[]> {
  const lists = await Promise.all(['/manufacturer', '/unit'].map((path) => get(target, path)));
  for (const reply of lists) expectStatus(reply, 200);
  return lists.map((reply) => reply.text);
}

const described = (exchange: ProbeExchange) => `${exchange.sent}\n${exchange.status}: ${exchange.body.slice(0, 400)}`;

describe.each(targets())('a token sent everywhere, on $name', (target) => {
  it('comes back in no answer, header, /metrics or /openapi.json, and the refused writes change nothing', async () => {
    const tokens = { caller: await freshToken(target), other: target.tokens.manageData };
    const before = await records(target);
    const exchanges = await sendTokensEverywhere(target.url, tokens);

    for (const exchange of exchanges) {
      expect(tokensIn(exchangeText(exchange), tokens), described(exchange)).toEqual(exchange.showsStored ? ['caller'] : []);
    }
    // The probes reached what they were meant to: refusals that quote what they were sent, and the reads after them.
    const statuses = new Set(exchanges.map((exchange) => exchange.status));
    for (const status of [200, 400, 401, 403, 404, 415]) expect(statuses, `a ${status} among the answers`).toContain(status);
    const byStart = (start: string) => exchanges.find((exchange) => exchange.sent.startsWith(start));
    expect(byStart('GET /api/v2/<caller>/api/v2/<caller>/unit ')?.body).toContain('No route matches [GET] &quot;/api/v2/[token]/unit&quot;');
    expect(byStart('GET /api/v2/<caller>/unit/<caller> ')?.body).toContain("Couldn't find Unit with 'id'=[token]");
    expect(byStart('GET /api/v2/<caller>/purchase_orders?status=<caller> ')?.body).toContain("Invalid status '[token]' requested.");
    for (const path of ['/metrics', '/openapi.json']) expect(byStart(`GET ${path}`)?.status, path).toBe(200);

    // Nothing a refused write was sent to changed (the stored manufacturer was removed again).
    expect(await records(target), show(await get(target, '/manufacturer'))).toEqual(before);
  });

  it('replaces a request id holding the token, in the answer and its header', async () => {
    const caller = await freshToken(target);
    for (const id of [caller, `trace-${caller}`]) {
      const reply = await get(target, '/unit/0', { token: caller, headers: { 'x-request-id': id } });
      expectStatus(reply, 404);
      expect(reply.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(reply.text).not.toContain(caller);
    }
    // An id that holds no token is kept, as ever.
    const kept = await get(target, '/unit/0', { token: caller, headers: { 'x-request-id': 'trace-42' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42');
  });
});
