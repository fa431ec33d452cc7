import { describe, expect, it } from 'vitest';
import type { Harness } from './harness';

/** ping, close and description. */
export function describeLifecycle(h: Harness): void {
  describe('lifecycle', () => {
    it('describes itself', () => {
      expect(typeof h.store().description).toBe('string');
      expect(h.store().description.length).toBeGreaterThan(0);
    });

    it('answers ping', async () => {
      await expect(h.store().ping()).resolves.toBeUndefined();
    });

    it('closes', async () => {
      await h.tx((tx) => tx.repo('unit').count());
      await expect(h.close()).resolves.toBeUndefined();
    });

    it('refuses transactions and pings once closed', async () => {
      await h.close();
      await expect(h.store().transaction(async () => 1)).rejects.toBeInstanceOf(Error);
      await expect(h.store().ping()).rejects.toBeInstanceOf(Error);
    });
  });
}
