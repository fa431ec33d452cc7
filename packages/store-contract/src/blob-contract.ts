import { createHash, randomBytes } from 'node:crypto';
import type { BlobStore, ByteStream } from '@pips/domain';
import { describe, expect, it, onTestFinished } from 'vitest';

/** A fresh blob store for one case, and what it holds (`kept`): blobs and partial writes alike. */
export interface BlobContractStore {
  readonly blobs: BlobStore;
  /** Everything the adapter keeps: finished blobs and any partly written one (a temp file, an open large object). */
  kept(): Promise<number>;
  /** Removes what the case left; called when it ends, failed or not. */
  dispose?(): Promise<void>;
}

export interface BlobContractOptions {
  readonly name: string;
  readonly open: () => Promise<BlobContractStore>;
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** `bytes` in pieces of the sizes given, round and round: odd sizes cross every internal boundary. */
async function* pieces(bytes: Uint8Array, sizes: readonly number[] = [1, 7, 65_536, 100_003, 1_048_577]): ByteStream {
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

/** A source that sends `bytes` then fails, as an upload cut off mid-way does. */
async function* failing(bytes: Uint8Array): ByteStream {
  yield* pieces(bytes);
  throw new Error('the client went away');
}

async function listed(blobs: BlobStore, minAgeMs = 0): Promise<Array<{ key: string; size: number }>> {
  const found: Array<{ key: string; size: number }> = [];
  for await (const blob of blobs.list({ minAgeMs })) found.push({ key: blob.key, size: blob.size });
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

const byKey = (...blobs: Array<{ key: string; size: number }>) => [...blobs].map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key));

async function collect(stream: ByteStream | null): Promise<{ bytes: Buffer; chunks: number; largest: number }> {
  if (stream === null) throw new Error('expected a stored blob, found none');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { bytes: Buffer.concat(chunks), chunks: chunks.length, largest: Math.max(0, ...chunks.map((c) => c.length)) };
}

/**
 * The blob contract: what every adapter of the `BlobStore` port promises (DESIGN 4), run the
 * same on memory, the file system and the database. Each case opens its own store.
 */
export function runBlobContract(options: BlobContractOptions): void {
  describe(`blob contract: ${options.name}`, () => {
    async function fresh(): Promise<BlobContractStore> {
      const opened = await options.open();
      onTestFinished(async () => {
        await opened.blobs.close();
        await opened.dispose?.();
      });
      return opened;
    }

    it('answers a readiness probe on a store that can write, keeping nothing of it, and names its kind', async () => {
      const { blobs, kept } = await fresh();
      const before = await kept();
      await blobs.probe();
      await blobs.probe();
      expect(await kept()).toBe(before);
      expect(['files', 'large_objects', 'memory']).toContain(blobs.kind);
    });

    it('keeps what it is given and answers its size and md5, empty and one byte included', async () => {
      const { blobs } = await fresh();
      for (const bytes of [Buffer.alloc(0), Buffer.from('x'), randomBytes(70_000)]) {
        const info = await blobs.put(pieces(bytes));
        expect(info).toMatchObject({ size: bytes.length, md5: md5(bytes) });
        expect((await collect(await blobs.read(info.key))).bytes.equals(bytes)).toBe(true);
      }
    });

    it('streams a large blob in and out in pieces, never as one', async () => {
      const { blobs } = await fresh();
      const bytes = randomBytes(5 * 1_048_576 + 12_345);
      const info = await blobs.put(pieces(bytes));
      expect(info).toMatchObject({ size: bytes.length, md5: md5(bytes) });
      const read = await collect(await blobs.read(info.key));
      expect(read.bytes.equals(bytes)).toBe(true);
      expect(read.chunks).toBeGreaterThan(4);
      expect(read.largest).toBeLessThanOrEqual(2 * 1_048_576);
    });

    it('reads a range: first byte, last byte, across internal boundaries, the whole', async () => {
      const { blobs } = await fresh();
      const bytes = randomBytes(3 * 1_048_576 + 999);
      const { key } = await blobs.put(pieces(bytes));
      const last = bytes.length - 1;
      for (const [start, end] of [[0, 0], [last, last], [262_140, 1_048_700], [1_048_575, 2_097_153], [0, last], [17, 17_000]] as const) {
        const read = await collect(await blobs.read(key, { start, end }));
        expect(read.bytes.equals(bytes.subarray(start, end + 1)), `bytes ${start}-${end}`).toBe(true);
      }
    });

    it('answers null for a key it does not hold, and after a delete; deleting twice is fine', async () => {
      const { blobs } = await fresh();
      const { key } = await blobs.put(pieces(Buffer.from('gone soon')));
      await blobs.delete(key);
      expect(await blobs.read(key)).toBeNull();
      await blobs.delete(key);
      expect(await blobs.read('0')).toBeNull();
      expect(await blobs.read('no-such-key')).toBeNull();
    });

    it('keeps nothing when the bytes differ from what was expected', async () => {
      const store = await fresh();
      const bytes = randomBytes(300_000);
      const before = await store.kept();
      await expect(store.blobs.put(pieces(bytes), { size: bytes.length + 1 })).rejects.toThrow();
      await expect(store.blobs.put(pieces(bytes), { md5: md5(Buffer.from('other')) })).rejects.toThrow();
      expect(await store.kept()).toBe(before);
      const kept = await store.blobs.put(pieces(bytes), { size: bytes.length, md5: md5(bytes) });
      expect(kept.size).toBe(bytes.length);
      expect(await store.kept()).toBe(before + 1);
    });

    it('keeps nothing of an upload that fails part way', async () => {
      const store = await fresh();
      const before = await store.kept();
      await expect(store.blobs.put(failing(randomBytes(2 * 1_048_576)))).rejects.toThrow('the client went away');
      expect(await store.kept()).toBe(before);
    });

    it('gives concurrent uploads their own keys and bytes', async () => {
      const { blobs } = await fresh();
      const bodies = [0, 1, 2, 3, 4].map(() => randomBytes(200_000));
      const infos = await Promise.all(bodies.map((bytes) => blobs.put(pieces(bytes))));
      expect(new Set(infos.map((info) => info.key)).size).toBe(bodies.length);
      for (const [i, info] of infos.entries()) expect((await collect(await blobs.read(info.key))).bytes.equals(bodies[i]!)).toBe(true);
    });

    it('lists a blob, with its size, only once its writer releases it; a deleted one no more', async () => {
      const { blobs } = await fresh();
      const first = await blobs.put(pieces(randomBytes(70_000)));
      const second = await blobs.put(pieces(Buffer.alloc(0)));
      expect(await listed(blobs)).toEqual([]);
      blobs.release(first.key);
      expect(await listed(blobs)).toEqual(byKey(first));
      blobs.release(second.key);
      blobs.release(second.key);
      blobs.release('no-such-key');
      expect(await listed(blobs)).toEqual(byKey(first, second));
      await blobs.delete(first.key);
      expect(await listed(blobs)).toEqual(byKey(second));
    });

    it('lists a blob only once it is as old as asked, by the store’s own clock', async () => {
      const { blobs } = await fresh();
      const info = await blobs.put(pieces(Buffer.from('aging')));
      blobs.release(info.key);
      const released = Date.now();
      expect(await listed(blobs, 3_600_000)).toEqual([]);
      // Only a lower bound on the time gone by: a slow machine waits longer, never too little.
      while (Date.now() - released < 400) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await listed(blobs, 200)).toEqual(byKey(info));
    });

    it('never lists an upload that failed or was cut off', async () => {
      const { blobs } = await fresh();
      await expect(blobs.put(failing(randomBytes(1_048_577)))).rejects.toThrow('the client went away');
      await expect(blobs.put(pieces(Buffer.from('x')), { size: 2 })).rejects.toThrow();
      expect(await listed(blobs)).toEqual([]);
    });

    it('lists many blobs whole, and two deletes of one blob at once are no error', async () => {
      const { blobs } = await fresh();
      const infos = [];
      for (let i = 0; i < 40; i++) infos.push(await blobs.put(pieces(Buffer.from(`blob ${i}`))));
      for (const info of infos) blobs.release(info.key);
      expect(await listed(blobs)).toEqual(byKey(...infos));
      await Promise.all([blobs.delete(infos[0]!.key), blobs.delete(infos[0]!.key)]);
      expect(await blobs.read(infos[0]!.key)).toBeNull();
      expect(await listed(blobs)).toHaveLength(39);
    });
  });
}
