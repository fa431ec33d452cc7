import { createServer } from 'node:net';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { Store } from '@pips/domain';
import { readConfig } from './config';
import type * as OpenStoreModule from './open-store';
import { startServer } from './start-server';

// Wraps the real store so the test can see whether it was closed.
const opened: Store[] = [];
vi.mock('./open-store', async (importOriginal) => {
  const real = await importOriginal<typeof OpenStoreModule>();
  return {
    ...real,
    openStore: async (...args: Parameters<typeof real.openStore>) => {
      const result = await real.openStore(...args);
      vi.spyOn(result.store, 'close');
      opened.push(result.store);
      return result;
    },
  };
});

describe('startServer when the port is taken', () => {
  it('closes the store it opened, then fails', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const config = readConfig({ PORT: String(port), DATABASE_URL: 'memory:' });
      await expect(startServer(config, { logger: pino({ level: 'silent' }) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(opened).toHaveLength(1);
      expect(opened[0]?.close).toHaveBeenCalledTimes(1);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
