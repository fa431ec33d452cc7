import { describe, expect, it } from 'vitest';
import type { ByteStream } from '../blob-port';
import { createRecord } from '../reference/engine/create-record';
import { parseRecord } from '../reference/engine/record-input';
import { vendorResource } from '../reference/vendor';
import { fakeContext } from '../test';
import { attachFile } from './attach-file';
import { parseAttach } from './attach-input';
import { detachFile } from './detach-file';
import { fakeBlobs } from './fake-blobs.test-helper';
import { sweepOrphanBlobs } from './sweep-orphan-blobs';

async function* bytes(text: string): ByteStream {
  yield new TextEncoder().encode(text);
}

async function setting() {
  const ctx = fakeContext();
  const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Mouser' }))).row;
  return { ctx, parent: `vendor/${vendor.id}`, blobs: fakeBlobs() };
}

const request = (parent: string) => ({ parent, title: 'Line card', filename: 'card.pdf', contentType: 'application/pdf' });

describe('sweepOrphanBlobs', () => {
  it('removes the blobs no attachment names, counting files and bytes, and keeps every one a row names', async () => {
    const { ctx, parent, blobs } = await setting();
    const attached = await attachFile(ctx, blobs, parseAttach(request(parent)), bytes('kept'));
    // As a crash between the bytes and the row leaves them: stored, released by no one, named by nothing.
    const orphan = await blobs.put(bytes('left behind'));
    const other = await blobs.put(bytes('and more'));
    blobs.release(orphan.key);
    blobs.release(other.key);
    expect(await sweepOrphanBlobs(ctx, blobs, { minAgeMs: 0 })).toEqual({ files: 2, bytes: 'left behind'.length + 'and more'.length });
    expect(blobs.keys()).toEqual([attached.blob_key]);
    expect(await sweepOrphanBlobs(ctx, blobs, { minAgeMs: 0 })).toEqual({ files: 0, bytes: 0 });
  });

  it('leaves a blob its writer still holds, whose row is not written yet', async () => {
    const { ctx, blobs } = await setting();
    const inFlight = await blobs.put(bytes('row coming'));
    blobs.age(10 * 86_400_000);
    expect(await sweepOrphanBlobs(ctx, blobs, { minAgeMs: 0 })).toEqual({ files: 0, bytes: 0 });
    expect(blobs.keys()).toEqual([inFlight.key]);
  });

  it('leaves a blob younger than the age asked for: another process may still be writing its row', async () => {
    const { ctx, blobs } = await setting();
    const young = await blobs.put(bytes('young'));
    blobs.release(young.key);
    blobs.age(999);
    expect(await sweepOrphanBlobs(ctx, blobs, { minAgeMs: 1000 })).toEqual({ files: 0, bytes: 0 });
    blobs.age(1);
    expect(await sweepOrphanBlobs(ctx, blobs, { minAgeMs: 1000 })).toEqual({ files: 1, bytes: 5 });
  });

  it('judges more blobs than one batch at a time, and keeps what the rows name after a detach', async () => {
    const { ctx, parent, blobs } = await setting();
    const named = [];
    for (let i = 0; i < 3; i++) named.push((await attachFile(ctx, blobs, parseAttach(request(parent)), bytes(`file ${i}`))).blob_key);
    for (let i = 0; i < 1200; i++) blobs.release((await blobs.put(bytes('x'))).key);
    const detached = await detachFile(ctx, blobs, (await ctx.store.rows('attachment'))[0]!.id);
    expect(await sweepOrphanBlobs(ctx, blobs, { minAgeMs: 0 })).toEqual({ files: 1200, bytes: 1200 });
    expect(blobs.keys()).toEqual(named.filter((key) => key !== detached.blob_key));
  });
});
