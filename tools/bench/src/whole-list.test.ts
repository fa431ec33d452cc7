import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { measureWholeList } from './whole-list';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('measureWholeList', () => {
  it('counts every item of a streamed answer, also when a chunk splits an item tag', async () => {
    const chunks = ['<parts type="array"><pa', 'rt><id>1</id></part><part>', '<id>2</id></part><p', 'art><id>3</id></part></parts>'];
    const server = createServer((_req, res) => {
      for (const chunk of chunks) res.write(chunk);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;
    const figures = await measureWholeList(`http://127.0.0.1:${port}/`, process.pid, 'part', { rounds: 2, concurrent: 2 });
    expect(figures.items).toBe(3);
    expect(figures.bytes).toBe(Buffer.byteLength(chunks.join('')));
    expect(figures.requestsPerSecond).toBeGreaterThan(0);
  });
});
