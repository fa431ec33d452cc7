import { afterAll, describe, expect, it } from 'vitest';
import type { Tx } from '@pips/domain';
import { sharedPostgres, TEST_DATABASE_URL } from './test-databases';

// A real deadlock needs real connections: PostgreSQL only (skipped, like the contract, without a database).
describe.runIf(TEST_DATABASE_URL)('postgresql deadlocks', () => {
  const database = sharedPostgres(TEST_DATABASE_URL ?? '');
  afterAll(() => database.dispose());

  it('retries the transaction PostgreSQL chose as the deadlock victim, and both commit', async () => {
    const store = await database.open();
    try {
      const stamps = { created_at: new Date(0), updated_at: new Date(0) };
      await store.transaction(async (tx) => {
        for (const name of ['first', 'second']) {
          await tx.repo('unit').insert({ name, description: null, allow_fractional: true, ...stamps });
        }
      });
      // Both take their first lock, wait for each other, then reach for the other's row.
      let arrived = 0;
      let release: () => void = () => undefined;
      const bothLocked = new Promise<void>((resolve) => (release = resolve));
      let attempts = 0;
      const crossing = (firstId: number, secondId: number) => async (tx: Tx) => {
        attempts++;
        await tx.repo('unit').get(firstId, { lock: true });
        if (arrived < 2 && ++arrived === 2) release();
        await bothLocked;
        await tx.repo('unit').get(secondId, { lock: true });
        return tx.repo('unit').update(firstId, { description: `by ${firstId}` });
      };
      const results = await Promise.all([store.transaction(crossing(1, 2)), store.transaction(crossing(2, 1))]);
      expect(results.map((r) => r?.description)).toEqual(['by 1', 'by 2']);
      expect(attempts).toBe(3);
    } finally {
      await store.close();
    }
  });
});
