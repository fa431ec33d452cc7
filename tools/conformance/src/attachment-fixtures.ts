import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { del, get, post, type Endpoint } from './client';
import { expectRecord, type Rec } from './expect-xml';
import { runPips } from './pips-cli';
import type { Target } from './targets';

/** SPEC 2.17 and 2.18, in order. */
export const attachmentForms = {
  attachment: ['id', 'created_by', 'title', 'note_type', 'content_type', 'position', 'published_at', 'md5', 'file_size', 'parent_reference'],
  link: ['uri', 'created_at', 'expires_at'],
} as const;

export interface NewAttachment {
  /** The owner's path: `part/12`, `parts/12/revisions/34`, `vendor/3`… */
  readonly parent: string;
  readonly title: string;
  readonly filename: string;
  readonly bytes: Uint8Array;
  readonly contentType?: string;
  readonly noteType?: string;
}

export const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** Where a server's CLI reaches its data, and what to call it in messages. */
type CliPlace = Pick<Target, 'cliEnv'> & { name?: string };

/**
 * Attaches a file as an operator would: `npm run pips -- attach` beside a server (through the
 * running server on the embedded database), the control route's upload on the harness. Answers
 * the new attachment's id; the test fails when it is refused.
 */
export async function attach(target: Endpoint & CliPlace, file: NewAttachment): Promise<number> {
  if (!target.cliEnv) {
    const query = new URLSearchParams({ parent: file.parent, title: file.title, filename: file.filename, content_type: file.contentType ?? 'application/octet-stream', ...(file.noteType ? { note_type: file.noteType } : {}) });
    const reply = await post(target, '/__harness/attachments', { rawPath: true, query: query.toString(), body: file.bytes, headers: { 'content-type': 'application/octet-stream' } });
    return Number((expectRecord(reply, 'attachment', ['id', 'md5', 'file_size']) as Rec).id);
  }
  const dir = await mkdtemp(join(tmpdir(), 'pips-conformance-attach-'));
  try {
    const path = join(dir, file.filename);
    await writeFile(path, file.bytes);
    const args = ['attach', '--parent', file.parent, '--title', file.title, ...(file.contentType ? ['--content-type', file.contentType] : []), ...(file.noteType ? ['--note-type', file.noteType] : []), path];
    const result = await runPips(target, args);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const id = /^attachment (\d+):/.exec(result.stdout)?.[1];
    expect(id, result.stdout).toBeDefined();
    return Number(id);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes an attachment as an operator would (`npm run pips -- detach ID`, or the harness's control route). */
export async function detach(target: Endpoint & CliPlace, id: number): Promise<void> {
  if (!target.cliEnv) {
    expect((await del(target, `/__harness/attachments/${id}`, { rawPath: true })).status).toBe(200);
    return;
  }
  const result = await runPips(target, ['detach', String(id)]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
}

/** `GET <P>/attachments/:id/download_uri`, checked field by field; the link's URI, created_at and expires_at. */
export async function linkTo(target: Endpoint, id: number, disposition?: string): Promise<{ uri: string; created_at: string; expires_at: string }> {
  const reply = await get(target, `/attachments/${id}/download_uri`, disposition === undefined ? {} : { query: `content_disposition=${disposition}` });
  return expectRecord(reply, 'attachment_link', attachmentForms.link) as { uri: string; created_at: string; expires_at: string };
}

/** Fetches a download link as a browser would: no token, whatever headers are given. */
export async function download(uri: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(uri, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
