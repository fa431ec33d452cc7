import type { BlobStore, StoredBlob } from '../blob-port';
import type { Store } from '../ports';

/** What a sweep removed. */
export interface SweepResult {
  readonly files: number;
  readonly bytes: number;
}

/** Blobs judged at a time: one read of the attachments naming them. */
const BATCH = 500;

async function* inBatches(blobs: AsyncIterable<StoredBlob>, size: number): AsyncIterable<StoredBlob[]> {
  let batch: StoredBlob[] = [];
  for await (const blob of blobs) {
    batch.push(blob);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Removes the blobs no attachment names: what a crash between storing a file's bytes and writing
 * its row left (or between removing a row and its bytes). Only blobs the store lists are judged:
 * stored at least `minAgeMs` ago and held by no writer of this process, so an attach in flight
 * here is never touched, and one in another process only once it is older than any attach lives
 * (docs/decisions.md, "Where attachment files live").
 */
export async function sweepOrphanBlobs(deps: { readonly store: Store }, blobs: BlobStore, options: { readonly minAgeMs: number }): Promise<SweepResult> {
  let files = 0;
  let bytes = 0;
  for await (const batch of inBatches(blobs.list({ minAgeMs: options.minAgeMs }), BATCH)) {
    const keys = batch.map((blob) => blob.key);
    const named = await deps.store.read((tx) => tx.repo('attachment').find({ blob_key: { $in: keys } }));
    const kept = new Set(named.map((attachment) => attachment.blob_key));
    for (const blob of batch) {
      if (kept.has(blob.key)) continue;
      await blobs.delete(blob.key);
      files += 1;
      bytes += blob.size;
    }
  }
  return { files, bytes };
}
