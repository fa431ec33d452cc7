import { describe, expect, it } from 'vitest';
import { createPipsClient } from '../client';
import type { PipsApiError } from '../errors/api-error';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fetch that answers `reply` and keeps what it was asked. */
function fakeFetch(reply: () => Response) {
  const seen: Seen[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    seen.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    return reply();
  };
  return { fetch, seen };
}

const xml = (body: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, { status, headers: { 'Content-Type': 'application/xml; charset=utf-8', ...headers } });

const unitXml = '<unit><id>3</id><name>Reel</name><description/><allow_fractional>false</allow_fractional><unit_conversions type="array"/></unit>';

const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should fail'), (error: unknown) => error as PipsApiError);

describe('requests', () => {
  it('go to the base URL (its path kept) under /api/v2/<token>, with XML headers and the caller’s own', async () => {
    const { fetch, seen } = fakeFetch(() => xml(unitXml));
    const client = createPipsClient({ baseUrl: 'https://gw.example.com/pips/', token: 'tök en', fetch, headers: { 'X-Trace': 'abc' } });
    await client.units.update(3, { name: 'Reel & Tape', description: null, allow_fractional: false });
    expect(seen).toEqual([
      {
        url: 'https://gw.example.com/pips/api/v2/t%C3%B6k%20en/unit/3',
        method: 'PUT',
        headers: { accept: 'application/xml', 'content-type': 'application/xml', 'x-trace': 'abc' },
        body: '<?xml version="1.0" encoding="UTF-8"?>\n<unit>\n  <name>Reel &amp; Tape</name>\n  <description/>\n  <allow_fractional>false</allow_fractional>\n</unit>\n',
      },
    ]);
  });

  it('send no body and no Content-Type where the operation has none, and encode path and query values', async () => {
    const { fetch, seen } = fakeFetch(() => xml('<parts type="array"/>', { 'X-Pagination': JSON.stringify({ total_entries: 0, total_pages: 0, per_page: 5, current_page: 1, first_page: true, last_page: false, previous_page: null, next_page: null, out_of_range: true }) }));
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch });
    await client.parts.page({ per_page: 5, filter: { updated_on: { gte: '2024-01-01T00:00:00+02:00' } } });
    await client.linecards.create({ manufacturer_id: 1, vendor_id: 2 });
    expect(seen[0]).toMatchObject({ method: 'GET', body: undefined, headers: { accept: 'application/xml' } });
    expect(seen[0]!.url).toBe('http://pips.test/api/v2/t/part?filter%5Bupdated_on%5D%5Bgte%5D=2024-01-01T00%3A00%3A00%2B02%3A00&page=1&per_page=5');
    expect(seen[1]).toMatchObject({ method: 'POST', body: undefined, url: 'http://pips.test/api/v2/t/linecard?manufacturer_id=1&vendor_id=2' });
    await client.parts.show({ partnumber: 'A/B C' }).catch(() => undefined);
    expect(seen[2]!.url).toBe('http://pips.test/api/v2/t/part/A%2FB%20C?find_by=partnumber');
  });

  it('refuse a decimal given as a number, before anything is sent', async () => {
    const { fetch, seen } = fakeFetch(() => xml(unitXml));
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch });
    await expect(client.unitConversions.create({ from_unit_id: 1, to_unit_id: 2, factor: 0.5 as unknown as string })).rejects.toThrow(/send decimals as strings/);
    await expect(client.units.show(1.5)).rejects.toThrow(/whole number/);
    expect(seen).toEqual([]);
  });
});

describe('answers that do not read as promised are bad_response', () => {
  const answering = (reply: () => Response) => createPipsClient({ baseUrl: 'http://pips.test', token: 'secret', fetch: fakeFetch(reply).fetch });

  it.each([
    ['not XML', () => new Response('<html>oops'), /Malformed|closed|unclosed|missing/i],
    ['another root', () => xml('<vendor><id>1</id></vendor>'), /expected <unit>/],
    ['a field of the wrong type', () => xml(unitXml.replace('<id>3</id>', '<id>three</id>')), /unit\.id: expected an integer, got "three"/],
    ['a missing field', () => xml(unitXml.replace('<allow_fractional>false</allow_fractional>', '')), /unit\.allow_fractional: expected true or false, got nothing/],
    ['a DOCTYPE', () => xml(`<!DOCTYPE unit [<!ENTITY x "y">]>${unitXml}`), /DOCTYPE/],
  ])('%s', async (_, reply, message) => {
    const error = await failureOf(answering(reply).units.show(3));
    expect(error).toMatchObject({ status: 200, code: 'bad_response', path: '/api/v2/[token]/unit/3' });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('secret');
  });

  it('a page without a readable X-Pagination', async () => {
    const error = await failureOf(answering(() => xml('<attachments type="array"/>', { 'X-Pagination': '{"total_entries":"lots"}' })).attachments.page());
    expect(error).toMatchObject({ code: 'bad_response', messages: [expect.stringContaining('X-Pagination.total_entries')] });
  });

  it('a list cut short, or an item of another name', async () => {
    const cut = answering(() => xml('<units type="array"><unit><id>1</id><name>A</name><description/></unit>'));
    expect(await failureOf(cut.units.list())).toMatchObject({ code: 'bad_response', messages: ['the list <units> ended early'] });
    const other = answering(() => xml('<units type="array"><vendor><id>1</id></vendor></units>'));
    expect(await failureOf(other.units.list())).toMatchObject({ code: 'bad_response', messages: [expect.stringContaining('units[0]: expected <unit>')] });
  });

  it('a split that does not answer two units', async () => {
    const error = await failureOf(answering(() => xml('<inventory_units type="array"/>')).inventoryUnits.split(1, 2, { inventory_sublocation_id: 3, quantity: '1' }));
    expect(error).toMatchObject({ code: 'bad_response', messages: [expect.stringContaining('the original unit and the new one')] });
  });
});

describe('error answers', () => {
  const failing = (body: string, status: number, headers: Record<string, string> = {}) =>
    createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch: fakeFetch(() => xml(body, headers, status)).fetch });

  it('read <error><message> with the request id of a 500', async () => {
    const error = await failureOf(failing('<error><message>Something went wrong</message><request_id>r-1</request_id></error>', 500).units.list());
    expect(error).toMatchObject({ status: 500, code: 'server_error', messages: ['Something went wrong'], requestId: 'r-1', retryAfter: null });
  });

  it('read Retry-After as seconds', async () => {
    const error = await failureOf(failing('<error><message>Busy</message></error>', 503, { 'Retry-After': '7' }).units.list());
    expect(error).toMatchObject({ status: 503, code: 'unavailable', retryAfter: 7 });
  });

  it('keep the status of an answer that is not PIPS’s (a proxy’s page)', async () => {
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch: fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 })).fetch });
    expect(await failureOf(client.units.list())).toMatchObject({ status: 502, code: 'server_error', messages: [] });
  });
});
