import { createServer } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '@pips/domain';
import { readConfig } from './config';
import type * as OpenStoreModule from './open-store';
import type * as PortProbeModule from './port-probe';
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

// The port may be taken after the start checked it: the check can be made to see it free.
let takenAfterTheCheck = false;
vi.mock('./port-probe', async (importOriginal) => {
  const real = await importOriginal<typeof PortProbeModule>();
  return { probePort: (port: number, host: string) => (takenAfterTheCheck ? Promise.resolve() : real.probePort(port, host)) };
});

afterEach(() => {
  opened.length = 0;
  takenAfterTheCheck = false;
});

async function withPortTaken(run: (port: number) => Promise<void>): Promise<void> {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const { port } = taken.address() as { port: number };
  try {
    await run(port);
  } finally {
    await new Promise<void>((resolve) => taken.close(() => resolve()));
  }
}

describe('startServer when the port is taken', () => {
  it('fails before it opens a store', async () => {
    await withPortTaken(async (port) => {
      const config = readConfig({ PORT: String(port), DATABASE_URL: 'memory:' });
      await expect(startServer(config, { logger: pino({ level: 'silent' }) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(opened).toHaveLength(0);
    });
  });

  it('after the start checked it, closes the store it opened, then fails', async () => {
    takenAfterTheCheck = true;
    await withPortTaken(async (port) => {
      const config = readConfig({ PORT: String(port), DATABASE_URL: 'memory:' });
      await expect(startServer(config, { logger: pino({ level: 'silent' }) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(opened).toHaveLength(1);
      expect(opened[0]?.close).toHaveBeenCalledTimes(1);
    });
  });
});
