import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeadlockException } from '@mikro-orm/core';
import { isPipsError, type Manufacturer, type Store, type Where } from '@pips/domain';
import { sharedPglite } from './test-databases';

// What the contract leaves to the adapter: retries, and the memory store's finer query semantics.
const database = sharedPglite();
afterAll(() => database.dispose());

let store: Store;
beforeEach(async () => {
  store = await database.open();
});
afterEach(() => store.close());

const stamps = { created_at: new Date(0), updated_at: new Date(0) };
const noAddress = {
  address1: null, address2: null, address3: null, city: null, state: null,
  postcode: null, country: null, phone1: null, phone2: null, phone3: null,
};
const manufacturer = (name: string, short_name: string | null) =>
  ({ name, short_name, website: null, ...noAddress, ...stamps });

describe('retries', () => {
  it('runs the work again after a deadlock, leaving nothing of the failed attempt', async () => {
    let calls = 0;
    const result = await store.transaction(async (tx) => {
      calls++;
      await tx.repo('manufacturer').insert(manufacturer(`Try ${calls}`, null));
      if (calls === 1) throw new DeadlockException(new Error('deadlock detected'));
      return 'done';
    });
    expect([result, calls]).toEqual(['done', 2]);
    const names = await store.transaction((tx) => tx.repo('manufacturer').find());
    expect(names.map((m) => m.name)).toEqual(['Try 2']);
  });

  it('gives up with busy when every attempt fails', async () => {
    let calls = 0;
    const error = await store
      .transaction(async () => {
        calls++;
        throw new DeadlockException(new Error('could not serialize access'));
      })
      .catch((e: unknown) => e);
    expect(isPipsError(error) && error.code).toBe('busy');
    expect(calls).toBe(5);
  });
});

describe('conditions and order, as the memory store has them', () => {
  beforeEach(async () => {
    await store.transaction(async (tx) => {
      for (const [name, short] of [['beta', 'b'], ['Alpha', null], ['alpha', 'a'], ['_x%', 'B']] as const) {
        await tx.repo('manufacturer').insert(manufacturer(name, short));
      }
    });
  });

  const names = (where: Where<Manufacturer>, orderBy?: Array<[keyof Manufacturer & string, 'asc' | 'desc']>) =>
    store.transaction(async (tx) => (await tx.repo('manufacturer').find(where, { orderBy })).map((m) => m.name));

  it('orders text by code point, nulls first ascending and last descending', async () => {
    expect(await names({}, [['name', 'asc']])).toEqual(['Alpha', '_x%', 'alpha', 'beta']);
    expect(await names({}, [['short_name', 'asc']])).toEqual(['Alpha', '_x%', 'alpha', 'beta']);
    expect(await names({}, [['short_name', 'desc']])).toEqual(['beta', 'alpha', '_x%', 'Alpha']);
  });

  it('compares text by code point', async () => {
    expect(await names({ name: { $gt: 'Alpha' } })).toEqual(['beta', 'alpha', '_x%']);
    expect(await names({ name: { $lt: 'a' } })).toEqual(['Alpha', '_x%']);
  });

  it('keeps nulls for $ne, matches null inside $in, and never matches null in a range', async () => {
    expect(await names({ short_name: { $ne: 'a' } })).toEqual(['beta', 'Alpha', '_x%']);
    expect(await names({ short_name: { $in: [null, 'b'] } })).toEqual(['beta', 'Alpha']);
    expect(await names({ short_name: { $gte: '' } })).toEqual(['beta', 'alpha', '_x%']);
    expect(await names({ short_name: { $lt: null } })).toEqual([]);
  });

  it('matches $contains literally and only on text', async () => {
    expect(await names({ name: { $contains: '_X%' } })).toEqual(['_x%']);
    expect(await names({ id: { $contains: '1' } })).toEqual([]);
  });
});
