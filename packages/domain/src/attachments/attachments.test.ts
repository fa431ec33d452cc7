import { describe, expect, it } from 'vitest';
import type { ByteStream } from '../blob-port';
import { createPart } from '../views/part-writes';
import { parseCreatePart } from '../parts/create-part/create-part-input';
import { deletePart } from '../parts/delete-part/delete-part';
import { partBody, partSetting } from '../scenarios/part-setting.test-helper';
import { createRecord } from '../reference/engine/create-record';
import { parseRecord } from '../reference/engine/record-input';
import { deleteRecord } from '../reference/engine/delete-record';
import { vendorResource } from '../reference/vendor';
import { fakeContext } from '../test';
import { attachFile } from './attach-file';
import { parseAttach, type AttachRequest } from './attach-input';
import { detachFile } from './detach-file';
import { fakeBlobs } from './fake-blobs.test-helper';
import { downloadLink, parseDisposition } from './download-link';
import { listAttachments, showAttachment } from './read-attachments';
import { rotateSiteSecret, siteSecret } from './site-secret';

const blobs = fakeBlobs;

async function* bytes(text: string): ByteStream {
  yield new TextEncoder().encode(text);
}

async function setting() {
  const ctx = fakeContext({ now: new Date('2026-03-01T10:00:00Z') });
  const part = (await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx))))).part;
  const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Mouser' }))).row;
  return { ctx, part, vendor, revisionId: part.active_revision_id! };
}

const request = (parent: string, title = 'Datasheet') => ({ parent, title, filename: 'ds.pdf', contentType: 'application/pdf' });

describe('attachFile', () => {
  it('keeps the bytes, then the row: the owner’s path, the next position, size and md5 from the blob', async () => {
    const { ctx, part, vendor, revisionId } = await setting();
    const store = blobs();
    const first = await attachFile(ctx, store, parseAttach(request(`part/${part.id}`)), bytes('%PDF-1.7'));
    const second = await attachFile(ctx, store, parseAttach({ ...request(`/part/${part.id}/`, 'Drawing'), noteType: 'drawing' }), bytes('xy'));
    const onRevision = await attachFile(ctx, store, parseAttach(request(`parts/${part.id}/revisions/${revisionId}`)), bytes(''));
    const onVendor = await attachFile(ctx, store, parseAttach(request(`vendor/${vendor.id}`)), bytes('abc'));
    expect(first).toMatchObject({ parent_type: 'part', parent_id: part.id, parent_reference: `part/${part.id}`, position: 1, file_size: 8, md5: 'md5-of-8', created_by: 'test', filename: 'ds.pdf', content_type: 'application/pdf', published_at: new Date('2026-03-01T10:00:00Z') });
    expect(second).toMatchObject({ position: 2, title: 'Drawing', note_type: 'drawing' });
    expect(onRevision).toMatchObject({ parent_type: 'part_revision', parent_reference: `parts/${part.id}/revisions/${revisionId}`, position: 1, file_size: 0 });
    expect(onVendor).toMatchObject({ parent_reference: `vendor/${vendor.id}`, position: 1 });
    expect(store.keys()).toEqual([first.blob_key, second.blob_key, onRevision.blob_key, onVendor.blob_key]);
    expect(store.held()).toEqual([]);
    expect(ctx.store.locked).toContainEqual({ table: 'part', id: part.id });
  });

  it('refuses an owner that is not there or not named right, keeping nothing', async () => {
    const { ctx, part, revisionId } = await setting();
    const store = blobs();
    const refusals: Array<[string, string]> = [
      ['part/999', 'Part must exist'],
      [`parts/999/revisions/${revisionId}`, 'Part revision must exist'],
      ['customer/1', 'Customer must exist'],
      ['widget/1', 'Parent must name a record as part/ID, parts/ID/revisions/ID, part_revision/ID, manufacturer/ID, vendor/ID, customer/ID or contact/ID'],
      [`part/${part.id}/extra`, 'Parent must name a record as part/ID, parts/ID/revisions/ID, part_revision/ID, manufacturer/ID, vendor/ID, customer/ID or contact/ID'],
    ];
    for (const [parent, message] of refusals) {
      await expect(Promise.resolve().then(() => attachFile(ctx, store, parseAttach(request(parent)), bytes('x'))), parent).rejects.toMatchObject({ code: 'invalid', messages: [message] });
    }
    expect(() => parseAttach(request(`part/${part.id}`, ''))).toThrow(expect.objectContaining({ messages: ["Title can't be blank"] }));
    expect(store.keys()).toEqual([]);
    expect(await ctx.store.rows('attachment')).toEqual([]);
  });

  it('holds what it is told to the rules a request is held to: characters, lengths, a media type, ids a record can have', async () => {
    const { ctx, part } = await setting();
    const store = blobs();
    const owner = `part/${part.id}`;
    const bad = 'has a character that is not allowed (a control character or half a surrogate pair)';
    const refusals: Array<[AttachRequest, string[]]> = [
      [request(owner, 'a\u0001b'), [`Title ${bad}`]],
      [{ ...request(owner), filename: 'a\u001Bb.pdf', noteType: 'x\u0000' }, [`Filename ${bad}`, `Note type ${bad}`]],
      [request(owner, 'x'.repeat(256)), ['Title is too long (maximum is 255 characters)']],
      [{ ...request(owner), contentType: 'text/plain\r\nSet-Cookie: a=b' }, ['Content type must be a media type such as application/pdf or text/plain; charset=utf-8']],
      [{ ...request(owner), contentType: '' }, ["Content type can't be blank"]],
      [request('part/9999999999'), ['Part must exist']],
      [request('parts/9999999999/revisions/1'), ['Part revision must exist']],
    ];
    for (const [given, messages] of refusals) {
      // The parse step's refusals and the store's alike.
      await expect(Promise.resolve().then(() => attachFile(ctx, store, parseAttach(given), bytes('x'))), JSON.stringify(given)).rejects.toMatchObject({ code: 'invalid', messages });
    }
    expect(store.keys()).toEqual([]);
    expect(await ctx.store.rows('attachment')).toEqual([]);
  });

  it('removes the bytes when the row cannot be written', async () => {
    const { ctx, part } = await setting();
    const store = blobs();
    ctx.store.failNextWrite({ table: 'attachment' });
    await expect(attachFile(ctx, store, parseAttach(request(`part/${part.id}`)), bytes('x'))).rejects.toThrow();
    expect(store.keys()).toEqual([]);
    expect(store.held()).toEqual([]);
  });
});

describe('reading attachments', () => {
  it('lists in id order, whole or a page, and shows one', async () => {
    const { ctx, part } = await setting();
    const store = blobs();
    for (const title of ['a', 'b', 'c']) await attachFile(ctx, store, parseAttach(request(`part/${part.id}`, title)), bytes(title));
    const whole = await listAttachments(ctx, {}, 2);
    const titles: string[][] = [];
    for await (const batch of whole.batches) titles.push(batch.map((a) => a.title));
    expect(titles).toEqual([['a', 'b'], ['c']]);
    const page = await listAttachments(ctx, { page: '2', per_page: '2' });
    expect(page.pagination).toMatchObject({ total_entries: 3, current_page: 2, next_page: null });
    for await (const batch of page.batches) expect(batch.map((a) => a.title)).toEqual(['c']);
    const [first] = await ctx.store.rows('attachment');
    expect((await showAttachment(ctx, first!.id)).title).toBe('a');
    await expect(showAttachment(ctx, 999)).rejects.toMatchObject({ code: 'not_found', messages: ["Couldn't find Attachment with 'id'=999"] });
  });
});

describe('downloadLink', () => {
  it('lasts ten minutes from now, inline unless asked otherwise', async () => {
    const { ctx, part } = await setting();
    const attachment = await attachFile(ctx, blobs(), parseAttach(request(`part/${part.id}`)), bytes('x'));
    const link = await downloadLink(ctx, attachment.id, parseDisposition(undefined));
    expect(link).toMatchObject({ disposition: 'inline', created_at: new Date('2026-03-01T10:00:00Z'), expires_at: new Date('2026-03-01T10:10:00Z') });
    expect((await downloadLink(ctx, attachment.id, parseDisposition('attachment'))).disposition).toBe('attachment');
    await expect(downloadLink(ctx, 999, parseDisposition('inline'))).rejects.toMatchObject({ code: 'not_found' });
  });

  it('grants a file a browser would run as a page of the API only as a download, whatever was asked', async () => {
    const { ctx, part } = await setting();
    const page = await attachFile(ctx, blobs(), parseAttach({ ...request(`part/${part.id}`), filename: 'x.html', contentType: 'text/html' }), bytes('<script>1</script>'));
    expect((await downloadLink(ctx, page.id, parseDisposition(undefined))).disposition).toBe('attachment');
    expect((await downloadLink(ctx, page.id, parseDisposition('inline'))).disposition).toBe('attachment');
    expect(() => parseDisposition('download')).toThrow(expect.objectContaining({ code: 'bad_request' }));
  });

  it('refuses a disposition it does not know', () => {
    expect(parseDisposition('')).toBe('inline');
    expect(() => parseDisposition('download')).toThrow(expect.objectContaining({ code: 'bad_request', messages: ["Invalid content disposition 'download' requested: inline or attachment."] }));
  });

  it('refuses a disposition given as a hash or a list, which parameters hold without a prototype', () => {
    const hash = Object.create(null) as Record<string, unknown>;
    hash.a = 'inline';
    expect(() => parseDisposition(hash)).toThrow(expect.objectContaining({ code: 'bad_request', messages: ['Invalid content disposition \'{"a":"inline"}\' requested: inline or attachment.'] }));
    expect(() => parseDisposition(['inline', hash])).toThrow(expect.objectContaining({ code: 'bad_request' }));
  });
});

describe('siteSecret', () => {
  it('makes the secret once and answers the stored one ever after, also to a rival that made its own', async () => {
    const ctx = fakeContext();
    const first = await siteSecret(ctx, 'link_key', () => 'first');
    expect(first).toBe('first');
    expect(await siteSecret(ctx, 'link_key', () => 'second')).toBe('first');
    const raced = await Promise.all([siteSecret(ctx, 'other', () => 'one'), siteSecret(ctx, 'other', () => 'two')]);
    expect(raced[0]).toBe(raced[1]);
    expect((await ctx.store.rows('site_secret')).map((row) => row.name)).toEqual(['link_key', 'other']);
  });
});

describe('rotateSiteSecret', () => {
  it('replaces the stored secret, or makes the first, and every later read answers the new one', async () => {
    const ctx = fakeContext();
    await rotateSiteSecret(ctx, 'fresh', () => 'made by rotation');
    expect(await siteSecret(ctx, 'fresh', () => 'unused')).toBe('made by rotation');
    expect(await siteSecret(ctx, 'link_key', () => 'old')).toBe('old');
    await rotateSiteSecret(ctx, 'link_key', () => 'new');
    expect(await siteSecret(ctx, 'link_key', () => 'unused')).toBe('new');
    await Promise.all([rotateSiteSecret(ctx, 'link_key', () => 'a'), rotateSiteSecret(ctx, 'link_key', () => 'b')]);
    const rows = await ctx.store.rows('site_secret');
    expect(rows.filter((row) => row.name === 'link_key').map((row) => row.value)).toEqual([expect.stringMatching(/^[ab]$/)]);
  });
});

describe('owners with attachments', () => {
  it('stay: a part (by itself or its revision), a revision and a vendor refuse their delete with 422', async () => {
    const { ctx, part, vendor, revisionId } = await setting();
    const store = blobs();
    const inUse = { code: 'unprocessable', messages: ['Cannot delete record because dependent attachments exist'] };
    await attachFile(ctx, store, parseAttach(request(`parts/${part.id}/revisions/${revisionId}`)), bytes('r'));
    await expect(deletePart(ctx, { id: part.id })).rejects.toMatchObject(inUse);
    await attachFile(ctx, store, parseAttach(request(`vendor/${vendor.id}`)), bytes('v'));
    await expect(deleteRecord(ctx, vendorResource, vendor.id)).rejects.toMatchObject(inUse);
    expect(await ctx.store.rows('part')).toHaveLength(1);
    expect(await ctx.store.rows('vendor')).toHaveLength(1);
  });
});

describe('detachFile', () => {
  it('removes the row and then its bytes, after which the owner may go', async () => {
    const { ctx, vendor } = await setting();
    const store = blobs();
    const attached = await attachFile(ctx, store, parseAttach(request(`vendor/${vendor.id}`)), bytes('v'));
    expect(await detachFile(ctx, store, attached.id)).toMatchObject({ id: attached.id });
    expect(await ctx.store.rows('attachment')).toEqual([]);
    expect(store.keys()).toEqual([]);
    await deleteRecord(ctx, vendorResource, vendor.id);
    await expect(detachFile(ctx, store, attached.id)).rejects.toMatchObject({ code: 'not_found', messages: [`Couldn't find Attachment with 'id'=${attached.id}`] });
  });

  it('finds nothing for an id no record can have, as a path would, without asking the store', async () => {
    const { ctx } = await setting();
    for (const id of ['abc', '9999999999', '-1', '1\n2', '']) {
      await expect(detachFile(ctx, blobs(), id), id).rejects.toMatchObject({ code: 'not_found', messages: [`Couldn't find Attachment with 'id'=${id}`] });
    }
  });
});
