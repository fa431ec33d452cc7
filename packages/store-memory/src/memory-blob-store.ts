import { createHash, randomUUID } from 'node:crypto';
import { checkExpectedBlob, type BlobStore, type ByteStream } from '@pips/domain';

/** Pieces a read answers in, as the other adapters stream. */
const READ_PIECE = 256 * 1024;

/**
 * Blobs kept in this process's memory: the harness's, where nothing outlives the process. A put
 * is kept only once its last byte has come and matched what was expected.
 */
export interface MemoryBlobStore extends BlobStore {
  /** How many blobs are kept. */
  count(): number;
  /** Forgets every blob (a harness reset). */
  clear(): void;
}

export function createMemoryBlobStore(): MemoryBlobStore {
  const kept = new Map<string, { bytes: Buffer; storedAt: number }>();
  const held = new Set<string>();
  return {
    kind: 'memory',
    // Memory takes whatever fits in the process: nothing to probe.
    probe: () => Promise.resolve(),
    async put(content: ByteStream, expect) {
      const hash = createHash('md5');
      const chunks: Buffer[] = [];
      for await (const chunk of content) {
        hash.update(chunk);
        chunks.push(Buffer.from(chunk));
      }
      const bytes = Buffer.concat(chunks);
      const info = { key: randomUUID(), size: bytes.length, md5: hash.digest('hex') };
      checkExpectedBlob(info, expect);
      held.add(info.key);
      kept.set(info.key, { bytes, storedAt: Date.now() });
      return info;
    },
    release(key) {
      held.delete(key);
    },
    async *list({ minAgeMs }) {
      const now = Date.now();
      for (const [key, blob] of [...kept]) {
        if (!held.has(key) && now - blob.storedAt >= minAgeMs) yield { key, size: blob.bytes.length };
      }
    },
    async read(key, range) {
      const bytes = kept.get(key)?.bytes;
      if (!bytes) return null;
      const start = range?.start ?? 0;
      const end = range ? range.end + 1 : bytes.length;
      return (async function* () {
        for (let at = start; at < end; at += READ_PIECE) yield bytes.subarray(at, Math.min(end, at + READ_PIECE));
      })();
    },
    async delete(key) {
      kept.delete(key);
      held.delete(key);
    },
    async close() {},
    count: () => kept.size,
    clear() {
      kept.clear();
      held.clear();
    },
  };
}
