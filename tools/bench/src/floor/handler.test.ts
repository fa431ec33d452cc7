import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { dbHandler, manufacturerName, staticHandler } from './handler';
import { partShow } from './part-render';
import { SHOW_PART, type Statement } from './sql';
import { ADD_BILL_LINE, billLineLocks } from './bill-line-sql';
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
      lockedRows: () => Promise.reject(new Error('no write here')),
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

  it('adds a bill line after the locks of its revision, answers the line, and 422 without a row', async () => {
    const asked: Array<[string, string, readonly unknown[]]> = [];
    const line = { id: 9, subpart_id: 4, quantity: '1.0', build_sequence: null, designator: null, comment: null, no_load: false };
    const db: Db = {
      rows: () => Promise.reject(new Error('no read here')),
      async lockedRows<T>(locks: string, statement: Statement, values: readonly unknown[]) {
        asked.push([locks, statement.name, values]);
        return (values[1] === 'P-4' ? [line] : []) as T[];
      },
      close: async () => {},
    };
    const url = await serve(dbHandler(db, 'bench'));
    const add = (partnumber: string) =>
      fetch(`${url}/api/v2/bench/subpart`, {
        method: 'POST',
        body: `<subpart><part_revision_id>12</part_revision_id><partnumber>${partnumber}</partnumber><quantity>1</quantity></subpart>`,
      });
    const added = await add('P-4');
    expect(added.status).toBe(200);
    expect(await added.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<subpart>\n  <id>9</id>\n  <subpart_id>4</subpart_id>\n  <quantity>1.0</quantity>\n' +
        '  <build_sequence/>\n  <designator/>\n  <comment/>\n  <no_load>false</no_load>\n</subpart>\n',
    );
    expect((await add('none')).status).toBe(422);
    expect(asked.map(([, name, values]) => [name, values])).toEqual([
      [ADD_BILL_LINE.name, ['12', 'P-4', '1']],
      [ADD_BILL_LINE.name, ['12', 'none', '1']],
    ]);
    expect(asked[0]![0]).toMatch(/^SELECT id FROM part_revision WHERE id = 12 .*FOR UPDATE; SELECT pg_advisory_xact_lock\(\d+\)$/);
  });

  it('writes only a whole revision id into the locks', () => {
    expect(() => billLineLocks(Number('1; DROP TABLE part'))).toThrow(/not a revision id/);
    expect(() => billLineLocks(0)).toThrow(/not a revision id/);
  });
});
