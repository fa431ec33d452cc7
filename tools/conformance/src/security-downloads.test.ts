import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { get } from './client';
import { attach, download, linkTo } from './attachment-fixtures';
import { createVendor } from './fixtures';
import { idOf } from './expect-xml';
import { readLinkKey } from './link-key-reader';
import { targets } from './suite';

// A download is served on the API's own origin: no file may run there as a page.

/** Files as an operator might attach them, and how each must be served. */
const files = [
  { filename: 'notes.html', contentType: 'text/html', body: '<script>alert(document.domain)</script>', served: 'attachment' },
  { filename: 'logo.svg', contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', served: 'attachment' },
  { filename: 'bom.xml', contentType: 'application/xml', body: '<bom/>', served: 'attachment' },
  { filename: 'page.xhtml', contentType: 'application/xhtml+xml', body: '<html xmlns="http://www.w3.org/1999/xhtml"/>', served: 'attachment' },
  { filename: 'tool.js', contentType: 'text/javascript', body: 'alert(1)', served: 'attachment' },
  { filename: 'readme.txt', contentType: 'text/plain', body: '<script>alert(1)</script>', served: 'inline' },
  { filename: 'datasheet.pdf', contentType: 'application/pdf', body: '%PDF-1.7', served: 'inline' },
  { filename: 'photo.png', contentType: 'image/png', body: 'png', served: 'inline' },
] as const;

function expectGuarded(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toBe('sandbox');
}

describe.each(targets())('downloads on $name', (target) => {
  it('carry nosniff and a sandbox, and serve pages, drawings, XML and scripts only as downloads', async () => {
    const vendor = idOf(await createVendor(target));
    for (const file of files) {
      const id = await attach(target, { parent: `vendor/${vendor}`, title: file.filename, filename: file.filename, bytes: Buffer.from(file.body), contentType: file.contentType });
      // The default (inline) link says what its answer will be.
      const { uri } = await linkTo(target, id);
      expect(new URL(uri).searchParams.get('disposition'), file.filename).toBe(file.served);
      const served = await download(uri);
      expect(served.status, file.filename).toBe(200);
      expect(served.headers.get('content-disposition'), file.filename).toBe(`${file.served}; filename="${file.filename}"`);
      expect(served.headers.get('content-type'), file.filename).toMatch(new RegExp(`^${file.contentType.replace(/[+.]/g, '\\$&')}(;|$)`));
      expect(served.bytes.toString()).toBe(file.body);
      expectGuarded(served.headers);
    }
  });

  it('carry them on a range, a not-modified answer and a refusal too; a refusal changes nothing', async () => {
    const vendor = idOf(await createVendor(target));
    const id = await attach(target, { parent: `vendor/${vendor}`, title: 'Page', filename: 'page.html', bytes: Buffer.from('<p>page</p>'), contentType: 'text/html' });
    const shown = (await get(target, `/attachments/${id}`)).text;
    const { uri } = await linkTo(target, id);
    const range = await download(uri, { range: 'bytes=0-2' });
    const fresh = await download(uri, { 'if-none-match': '*' });
    const altered = await download(uri.replace(/signature=./, (s) => (s.endsWith('0') ? 'signature=1' : 'signature=0')));
    expect([range.status, fresh.status, altered.status]).toEqual([206, 304, 403]);
    for (const answer of [range, fresh, altered]) expectGuarded(answer.headers);
    expect((await get(target, `/attachments/${id}`)).text).toBe(shown);
  });
});

// The harness keeps its key in its own memory, where no test reads it; its answers are the same code's.
describe.each(targets().filter((target) => target.cliEnv))('downloads on $name, with its key in hand', (target) => {
  it('of a page are downloads even when a link signed with the real key asks for it inline', async () => {
    const vendor = idOf(await createVendor(target));
    const id = await attach(target, { parent: `vendor/${vendor}`, title: 'Old link', filename: 'old.html', bytes: Buffer.from('<script>1</script>'), contentType: 'text/html' });
    const { uri } = await linkTo(target, id);
    const key = (await readLinkKey(target))!;
    const url = new URL(uri);
    const expires = Date.now() + 5 * 60_000;
    url.searchParams.set('disposition', 'inline');
    url.searchParams.set('expires', String(expires));
    url.searchParams.set('signature', createHmac('sha256', key).update(`${id}\ninline\n${expires}`).digest('hex'));
    const served = await download(url.toString());
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toBe('attachment; filename="old.html"');
    expectGuarded(served.headers);
  });
});
