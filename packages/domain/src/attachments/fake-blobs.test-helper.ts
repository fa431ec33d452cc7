import type { BlobStore, ByteStream } from '../blob-port';

/** A blob store for the use cases' tests: blobs in a map, sized but not hashed, aged by a clock the test moves. */
export interface FakeBlobs extends BlobStore {
  /** Every key kept, held or not, in the order stored. */
  keys(): string[];
  /** The keys a writer still holds. */
  held(): string[];
  /** Moves the store's clock on. */
  age(ms: number): void;
}

export function fakeBlobs(): FakeBlobs {
  const kept = new Map<string, { size: number; storedAt: number }>();
  const held = new Set<string>();
  let now = 0;
  let next = 0;
  return {
    kind: 'memory',
    probe: () => Promise.resolve(),
    async put(content: ByteStream) {
      let size = 0;
      for await (const chunk of content) size += chunk.byteLength;
      const key = `blob-${++next}`;
      held.add(key);
      kept.set(key, { size, storedAt: now });
      return { key, size, md5: `md5-of-${size}` };
    },
    release: (key) => void held.delete(key),
    async *list({ minAgeMs }) {
      for (const [key, blob] of [...kept]) if (!held.has(key) && now - blob.storedAt >= minAgeMs) yield { key, size: blob.size };
    },
    read: async () => null,
    async delete(key) {
      kept.delete(key);
      held.delete(key);
    },
    close: async () => {},
    keys: () => [...kept.keys()],
    held: () => [...held],
    age: (ms) => void (now += ms),
  };
}
