import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { del, get, post } from './client';
import { TS_ISO, UNKNOWN_ID, expectErrors, expectList, expectMessage, expectNotFound, expectRecord, idOf, type Rec } from './expect-xml';
import { attach, attachmentForms, detach, download, linkTo, md5Of } from './attachment-fixtures';
import { createVendor } from './fixtures';
import { createPart, pagination, partSetting, readPart } from './part-fixtures';
import { targets } from './suite';
import type { Target } from './targets';

async function aPart(target: Target): Promise<number> {
  return idOf(await createPart(target, await partSetting(target)));
}

const NOT_VALID = 'This download link is not valid.';

describe.each(targets())('attachments on $name', (target) => {
  it('shows an attachment field by field, lists it, and part show lists the part’s own in order', async () => {
    const partId = await aPart(target);
    const bytes = Buffer.from('%PDF-1.7 datasheet');
    const first = await attach(target, { parent: `part/${partId}`, title: 'Datasheet <rev B>', filename: 'lm317.pdf', bytes, contentType: 'application/pdf', noteType: 'datasheet' });
    const second = await attach(target, { parent: `part/${partId}`, title: 'Drawing', filename: 'drawing.png', bytes: Buffer.from('png'), contentType: 'image/png' });
    const shown = expectRecord(await get(target, `/attachments/${first}`), 'attachment', attachmentForms.attachment);
    expect(shown).toMatchObject({
      id: String(first),
      title: 'Datasheet <rev B>',
      note_type: 'datasheet',
      content_type: 'application/pdf',
      position: '1',
      md5: md5Of(bytes),
      file_size: String(bytes.length),
      parent_reference: `part/${partId}`,
    });
    expect(shown.created_by).toEqual(expect.any(String));
    expect(shown.published_at).toMatch(TS_ISO);
    const part = await readPart(target, partId);
    const inPart = (Array.isArray(part.attachments) ? part.attachments : []) as Rec[];
    expect(inPart.map((a) => [a.id, a.position, a.title])).toEqual([[String(first), '1', 'Datasheet <rev B>'], [String(second), '2', 'Drawing']]);
    expect(Object.keys(inPart[0]!)).toEqual(attachmentForms.attachment);
    const listed = expectList(await get(target, '/attachments'), 'attachments', 'attachment', attachmentForms.attachment);
    expect(listed.find((a) => a.id === String(first))).toEqual(shown);
    const ids = listed.map((a) => Number(a.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('attaches to a revision, a vendor and the others by their paths', async () => {
    const part = await createPart(target, await partSetting(target));
    const revisionId = Number((part.revision as Rec).id);
    const vendorId = idOf(await createVendor(target));
    const onRevision = await attach(target, { parent: `parts/${idOf(part)}/revisions/${revisionId}`, title: 'Schematic', filename: 'schematic', bytes: Buffer.from('s') });
    const onVendor = await attach(target, { parent: `vendor/${vendorId}`, title: 'Line card', filename: 'linecard', bytes: Buffer.from('l') });
    expect((await get(target, `/attachments/${onRevision}`)).xml?.attachment).toMatchObject({ parent_reference: `parts/${idOf(part)}/revisions/${revisionId}`, content_type: 'application/octet-stream' });
    expect((await get(target, `/attachments/${onVendor}`)).xml?.attachment).toMatchObject({ parent_reference: `vendor/${vendorId}` });
    // An owner with attachments stays, as a record any other uses does; read back, it is all there.
    const inUse = ['Cannot delete record because dependent attachments exist'];
    expectErrors(await del(target, `/part/${idOf(part)}`), 422, inUse);
    expectErrors(await del(target, `/vendor/${vendorId}`), 422, inUse);
    expect((await get(target, `/part/${idOf(part)}`)).status).toBe(200);
    expect((await get(target, `/vendor/${vendorId}`)).status).toBe(200);
    expect((await get(target, `/attachments/${onRevision}`)).status).toBe(200);
    // Detached, they let their owners go, and their links lead nowhere.
    const { uri } = await linkTo(target, onVendor);
    for (const id of [onRevision, onVendor]) await detach(target, id);
    expectNotFound(await get(target, `/attachments/${onVendor}`), 'Attachment', onVendor);
    expect((await download(uri)).status).toBe(403);
    expect((await del(target, `/vendor/${vendorId}`)).status).toBe(200);
    expect((await del(target, `/part/${idOf(part)}`)).status).toBe(200);
  });

  it('pages with X-Pagination; past the end out of range; 404 for one that is not there', async () => {
    const partId = await aPart(target);
    for (const title of ['a', 'b', 'c']) await attach(target, { parent: `part/${partId}`, title, filename: 'x.txt', bytes: Buffer.from(title) });
    const first = await get(target, '/attachments', { query: 'per_page=2' });
    expect(expectList(first, 'attachments', 'attachment', attachmentForms.attachment)).toHaveLength(2);
    const header = pagination(first);
    expect(header).toMatchObject({ per_page: 2, current_page: 1, first_page: true, previous_page: null });
    expect(header.total_entries).toBeGreaterThanOrEqual(3);
    const beyond = await get(target, '/attachments', { query: `per_page=2&page=${Number(header.total_pages) + 1}` });
    expect(expectList(beyond, 'attachments', 'attachment', attachmentForms.attachment)).toEqual([]);
    expect(pagination(beyond)).toMatchObject({ out_of_range: true, next_page: null });
    expectNotFound(await get(target, `/attachments/${UNKNOWN_ID}`), 'Attachment', UNKNOWN_ID);
    expectNotFound(await get(target, `/attachments/${UNKNOWN_ID}/download_uri`), 'Attachment', UNKNOWN_ID);
  });

  it('gives a link valid ten minutes that downloads the file inline or as an attachment', async () => {
    const bytes = randomBytes(100_000);
    const id = await attach(target, { parent: `part/${await aPart(target)}`, title: 'Blob', filename: '✓ checks.bin', bytes, contentType: 'application/octet-stream' });
    const link = await linkTo(target, id);
    expect(link.uri.startsWith(`${target.url}/downloads/attachments/${id}?`)).toBe(true);
    expect(link.created_at).toMatch(TS_ISO);
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(600_000);
    const inline = await download(link.uri);
    expect(inline.status).toBe(200);
    expect(inline.bytes.equals(bytes)).toBe(true);
    expect(inline.headers.get('content-type')).toBe('application/octet-stream');
    expect(inline.headers.get('content-length')).toBe(String(bytes.length));
    expect(inline.headers.get('etag')).toBe(`"${md5Of(bytes)}"`);
    expect(inline.headers.get('content-disposition')).toBe(`inline; filename="? checks.bin"; filename*=UTF-8''%E2%9C%93%20checks.bin`);
    const asFile = await download((await linkTo(target, id, 'attachment')).uri);
    expect(asFile.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect(asFile.bytes.equals(bytes)).toBe(true);
    expectMessage(await get(target, `/attachments/${id}/download_uri`, { query: 'content_disposition=download' }), 400, "Invalid content disposition 'download' requested: inline or attachment.");
  });

  it('answers a byte range, an unsatisfiable one, and a fresh copy with 304', async () => {
    const bytes = randomBytes(10_000);
    const id = await attach(target, { parent: `part/${await aPart(target)}`, title: 'Ranged', filename: 'r.bin', bytes });
    const { uri } = await linkTo(target, id);
    const part = await download(uri, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect(part.headers.get('content-length')).toBe('100');
    expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await download(uri, { range: 'bytes=-10' });
    expect(tail.bytes.equals(bytes.subarray(9_990))).toBe(true);
    const outside = await download(uri, { range: 'bytes=10000-' });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */10000');
    const fresh = await download(uri, { 'if-none-match': `"${md5Of(bytes)}"` });
    expect(fresh.status).toBe(304);
    expect(fresh.bytes.length).toBe(0);
  });

  it('refuses an altered link with one 403 that says nothing more', async () => {
    const id = await attach(target, { parent: `part/${await aPart(target)}`, title: 'Secret', filename: 's.txt', bytes: Buffer.from('secret') });
    const other = await attach(target, { parent: `part/${await aPart(target)}`, title: 'Other', filename: 'o.txt', bytes: Buffer.from('other') });
    const url = new URL((await linkTo(target, id)).uri);
    const altered = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy.toString();
    };
    const signature = url.searchParams.get('signature')!;
    const attempts = [
      altered((u) => u.searchParams.set('signature', `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`)),
      altered((u) => u.searchParams.set('disposition', 'attachment')),
      altered((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3_600_000))),
      altered((u) => (u.pathname = `/downloads/attachments/${other}`)),
      altered((u) => (u.pathname = `/downloads/attachments/${UNKNOWN_ID}`)),
      altered((u) => u.searchParams.delete('signature')),
    ];
    const bodies = new Set<string>();
    for (const uri of attempts) {
      const refused = await download(uri);
      expect(refused.status, uri).toBe(403);
      // Every refusal is the same document, byte for byte: nothing tells one cause from another.
      bodies.add(refused.bytes.toString('utf8'));
    }
    expect([...bodies]).toHaveLength(1);
    expect([...bodies][0]).toMatch(new RegExp(`^<\\?xml[^>]*\\?>\\s*<error>\\s*<message>${NOT_VALID.replace('.', '\\.')}</message>\\s*</error>\\s*$`));
    expect((await download(url.toString())).bytes.toString()).toBe('secret');
  });
});

describe.each(targets().filter((target) => target.name === 'harness'))('attachment links on the $name clock', (target) => {
  it('work until ten minutes have passed, not after', async () => {
    const setClock = (at: Date) => post(target, '/__harness/clock', { rawPath: true, body: `<clock><now>${at.toISOString()}</now></clock>` });
    const start = new Date('2031-05-01T12:00:00Z');
    expect((await setClock(start)).status).toBe(200);
    const id = await attach(target, { parent: `part/${await aPart(target)}`, title: 'Timed', filename: 't.txt', bytes: Buffer.from('timed') });
    const link = await linkTo(target, id);
    const created = Date.parse(link.created_at);
    await setClock(new Date(created + 9 * 60_000 + 59_000));
    expect((await download(link.uri)).status).toBe(200);
    await setClock(new Date(created + 10 * 60_000 + 1_000));
    const late = await download(link.uri);
    expect(late.status).toBe(403);
    expect(late.bytes.toString()).toContain(NOT_VALID);
  });
});
