import type { BlobStore } from '@pips/domain';

/**
 * `blobs`, whose deletes can be held: while any hold is on, a delete only notes the key, and the
 * last hold's release deletes them. A backup of the embedded default holds them from before its
 * snapshot until its last file is copied, so a detach or a sweep committed meanwhile cannot take a
 * file the snapshot's rows name. A deleted file is never read by the service again (its row is
 * gone first), so deleting it later changes nothing anyone sees; should the process stop first,
 * the file is an orphan and the next start's sweep takes it.
 */
export function withHeldDeletes(blobs: BlobStore): { blobs: BlobStore; holdDeletes: () => () => void } {
  let holds = 0;
  const pending = new Set<string>();
  const flush = () => {
    const keys = [...pending];
    pending.clear();
    for (const key of keys) void blobs.delete(key).catch(() => undefined);
  };
  return {
    blobs: {
      ...blobs,
      async delete(key) {
        if (holds === 0) return blobs.delete(key);
        blobs.release(key);
        pending.add(key);
      },
    },
    holdDeletes() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds === 0) flush();
      };
    },
  };
}
