import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { dbHandler, manufacturerName, staticHandler } from './handler';
import { partShow } from './part-render';
import { SHOW_PART, type Statement } from './sql';
import { partShowRow } from './test-rows';

describe('manufacturerName', () => {
  it('reads the name with its entities decoded, and nothing for a blank one', () => {
    expect(manufacturerName('<manufacturer><name>bench &amp; co &#60;1&#x3E;</name></manufacturer>')).toBe('bench & co <1>');
    expect(manufacturerName('<manufacturer><name>  </name></manufacturer>')).toBeNull();
    expect(manufacturerName('<manufacturer/>')).toBeNull();
  });
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('staticHandler', () => {
  it('answers each captured path with its document and header, and a create from the template', async () => {
    const url = await serve(
      staticHandler({ '/api/v2/bench/part?page=1&per_page=100': { body: '<parts type="array"/>\n', pagination: '{"total_entries":0}' } }, 'bench', 5),
    );
    const page = await fetch(`${url}/api/v2/bench/part?page=1&per_page=100`);
    expect(await page.text()).toBe('<parts type="array"/>\n');
    expect(page.headers.get('x-pagination')).toBe('{"total_entries":0}');
    expect((await fetch(`${url}/api/v2/bench/unit/1`)).status).toBe(404);
    const created = await fetch(`${url}/api/v2/bench/manufacturer`, { method: 'POST', body: '<manufacturer><name>a &lt; b</name></manufacturer>' });
    const body = await created.text();
    expect(created.status).toBe(200);
    expect(body).toContain('  <id>5</id>\n  <name>a &lt; b</name>\n');
  });
});

describe('dbHandler', () => {
  it("shows a part from the one statement's row, units and attachments included, and 404 without a row", async () => {
    const asked: Array<[string, readonly unknown[]]> = [];
    const db: Db = {
      async rows<T>(statement: Statement, values: readonly unknown[]) {
        asked.push([statement.name, values]);
        return (values[0] === partShowRow.id ? [partShowRow] : []) as T[];
      },
      close: async () => {},
    };
    const url = await serve(dbHandler(db, 'bench'));
    const shown = await fetch(`${url}/api/v2/bench/part/${partShowRow.id}`);
    const body = await shown.text();
    expect(shown.status).toBe(200);
    expect(body).toBe(partShow(partShowRow));
    expect(body.match(/<inventory_unit>/g)).toHaveLength(2);
    expect(body.match(/<attachment>/g)).toHaveLength(2);
    expect((await fetch(`${url}/api/v2/bench/part/999`)).status).toBe(404);
    expect(asked).toEqual([
      [SHOW_PART.name, [partShowRow.id]],
      [SHOW_PART.name, [999]],
    ]);
  });
});
