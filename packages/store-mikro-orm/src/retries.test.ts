import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeadlockException } from '@mikro-orm/core';
import { isPipsError, type Store } from '@pips/domain';
import { sharedPglite } from './test-databases';

// How this adapter retries: which MikroORM exceptions count as a deadlock, and how often it tries.
// That a real deadlock ends with both sides committed is the contract's (`retriesOnDeadlock`).
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
