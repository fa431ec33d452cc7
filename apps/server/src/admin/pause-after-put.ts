import { renameSync, writeFileSync } from 'node:fs';
import type { BlobStore } from '@pips/domain';

/**
 * Tests only (`PIPS_TEST_PAUSE_AFTER_BLOB=PATH`): the attach stops for good once the file's bytes
 * are stored and before its row is written, after writing the blob's key to PATH, so a test can
 * kill the process exactly between the two steps. Nothing else of the attach changes.
 */
export const PAUSE_AFTER_BLOB = 'PIPS_TEST_PAUSE_AFTER_BLOB';

export function pauseAfterPut(blobs: BlobStore, markerPath: string): BlobStore {
  return {
    ...blobs,
    async put(content, expect) {
      const info = await blobs.put(content, expect);
      // Written beside, then renamed: whoever watches PATH reads the whole key or nothing.
      writeFileSync(`${markerPath}.part`, info.key);
      renameSync(`${markerPath}.part`, markerPath);
      // An interval keeps the process waiting here until it is killed.
      return new Promise(() => setInterval(() => undefined, 60_000));
    },
  };
}
