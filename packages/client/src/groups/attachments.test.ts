import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { onHarness } from '../testing/on-harness.test-helper';

const on = onHarness();

/** Attaches `bytes` to `parent` as the harness's stand-in for `pips attach` does; answers the new id. */
async function attach(parent: string, title: string, bytes: Uint8Array): Promise<number> {
  const query = new URLSearchParams({ parent, title, filename: `${title}.pdf`, content_type: 'application/pdf' });
  const reply = await fetch(`${on.harness.url}/__harness/attachments?${query}`, { method: 'POST', body: bytes, headers: { 'Content-Type': 'application/octet-stream' } });
  const text = await reply.text();
  expect(reply.status, text).toBe(200);
  return Number(/<id>(\d+)<\/id>/.exec(text)?.[1]);
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

describe('attachments through the client', () => {
  it('lists and shows attachments, and downloads a file through its signed link, whole or a range', async () => {
    const maker = await on.client.manufacturers.create({ name: 'Maker' });
    const bytes = new Uint8Array(Array.from({ length: 3000 }, (_, n) => n % 251));
    const first = await attach(`manufacturer/${maker.id}`, 'datasheet', bytes);
    const second = await attach(`manufacturer/${maker.id}`, 'drawing', new Uint8Array([1, 2, 3]));

    const shown = await on.client.attachments.show(first);
    expect(shown).toEqual({
      id: first,
      created_by: expect.any(String),
      title: 'datasheet',
      note_type: null,
      content_type: 'application/pdf',
      position: 1,
      published_at: expect.stringMatching(/T.*\+00:00$/),
      md5: createHash('md5').update(bytes).digest('hex'),
      file_size: 3000,
      parent_reference: `manufacturer/${maker.id}`,
    });
    expect((await on.client.attachments.list()).map((a) => a.id)).toEqual([first, second]);
    const page = await on.client.attachments.page({ per_page: 1, page: 2 });
    expect([page.items.map((a) => a.title), page.pagination.last_page]).toEqual([['drawing'], true]);
    const walked = [];
    for await (const attachment of on.client.attachments.all({ per_page: 1 })) walked.push(attachment.position);
    expect(walked).toEqual([1, 2]);

    const link = await on.client.attachments.downloadUri(first, { content_disposition: 'attachment' });
    expect(link.uri).toMatch(new RegExp(`^${on.harness.url}/downloads/attachments/${first}\\?disposition=attachment&expires=\\d+&signature=[0-9a-f]+$`));
    expect(link.expires_at).toMatch(/T.*\+00:00$/);
    const whole = await on.client.attachments.download(link);
    expect(whole).toMatchObject({ status: 200, content_type: 'application/pdf', content_length: 3000, content_range: null, etag: `"${shown.md5}"` });
    expect(whole.content_disposition).toMatch(/^attachment; filename="datasheet.pdf"/);
    expect(await readAll(whole.body)).toEqual(bytes);
    const range = await on.client.attachments.download(link.uri, { range: 'bytes=10-19' });
    expect([range.status, range.content_range, range.content_length]).toEqual([206, 'bytes 10-19/3000', 10]);
    expect(await readAll(range.body)).toEqual(bytes.slice(10, 20));
  });

  it('refuses an altered link with a 403 that names no signature', async () => {
    const maker = await on.client.manufacturers.create({ name: 'Maker' });
    const id = await attach(`manufacturer/${maker.id}`, 'datasheet', new Uint8Array([7]));
    const { uri } = await on.client.attachments.downloadUri(id);
    // The signature's last digit changed to another.
    const altered = uri.slice(0, -1) + (uri.endsWith('0') ? '1' : '0');
    const refused = await on.client.attachments.download(altered).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 403, code: 'forbidden', messages: ['This download link is not valid.'], path: `/downloads/attachments/${id}` });
  });

  it('called every function of its groups', () => {
    expect(on.recorded.uncalled(['attachments'])).toEqual([]);
  });
});
