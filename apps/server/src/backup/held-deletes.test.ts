import { createMemoryBlobStore } from '@pips/store-memory';
import { describe, expect, it } from 'vitest';
import { withHeldDeletes } from './held-deletes';

async function* bytes(text: string) {
  yield Buffer.from(text);
}

const stored = async (blobs: ReturnType<typeof withHeldDeletes>['blobs'], key: string) => (await blobs.read(key)) !== null;

describe('blob deletes held for a backup', () => {
  it('deletes at once with no hold, and only when the last hold is released otherwise', async () => {
    const { blobs, holdDeletes } = withHeldDeletes(createMemoryBlobStore());
    const first = await blobs.put(bytes('one'));
    const second = await blobs.put(bytes('two'));
    await blobs.delete(first.key);
    expect(await stored(blobs, first.key)).toBe(false);

    const releaseA = holdDeletes();
    const releaseB = holdDeletes();
    await blobs.delete(second.key);
    expect(await stored(blobs, second.key)).toBe(true);
    releaseA();
    releaseA();
    expect(await stored(blobs, second.key)).toBe(true);
    releaseB();
    await expect.poll(() => stored(blobs, second.key)).toBe(false);
  });
});
