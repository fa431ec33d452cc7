import { afterAll, describe, expect, it } from 'vitest';
import { insertRow, writePlan, type Store } from '@pips/domain';
import type { SqlStore } from './mikro-orm-store';
import { sharedPglite } from './test-databases';

const source = sharedPglite();
const target = sharedPglite();
afterAll(() => Promise.all([source.dispose(), target.dispose()]));

const event = (type: string) =>
  insertRow('event', { position: null, type, occurred_at: new Date('2026-01-01T00:00:00Z'), token_name: 'copy', collection: 'part', record_id: 1, permission: null, payload: '{}' });

const events = (store: Store) =>
  store.read((tx) => tx.repo('event').find({}, { orderBy: [['id', 'asc']] })).then((rows) => rows.map((row) => [row.id, row.position, row.type]));

describe('events through a backup and a restore', () => {
  it('keeps every event as it was, numbered or not, and the next pass and insert go on from there', async () => {
    const from = (await source.open()) as SqlStore;
    await from.transaction((tx) => tx.write(writePlan([event('a.created'), event('b.created')])));
    await from.transaction((tx) => tx.numberEvents());
    await from.transaction((tx) => tx.write(writePlan([event('c.created')])));

    // The backup's copy: the event table's rows and the sequences, read in one snapshot.
    const copied = await from.copy.snapshot(async (reader) => {
      const table = (await reader.tables()).find((info) => info.name === 'event');
      if (!table) throw new Error('no event table');
      const rows: string[] = [];
      for await (const row of reader.rows(table)) rows.push(row);
      return { table, rows, sequences: await reader.sequences() };
    });
    const to = (await target.open()) as SqlStore;
    await to.copy.load(async (writer) => {
      await writer.insert(copied.table, copied.rows);
      await writer.setSequences(copied.sequences);
    });

    expect(await events(to)).toEqual(await events(from));
    expect(await events(to)).toEqual([
      [1, 1, 'a.created'],
      [2, 2, 'b.created'],
      [3, null, 'c.created'],
    ]);
    await to.transaction((tx) => tx.write(writePlan([event('d.created')])));
    expect(await to.transaction((tx) => tx.numberEvents())).toBe(2);
    expect((await events(to)).slice(2)).toEqual([
      [3, 3, 'c.created'],
      [4, 4, 'd.created'],
    ]);
    await Promise.all([from.close(), to.close()]);
  });
});
