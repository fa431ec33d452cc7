import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { get, post, type Endpoint } from './client';
import { attach, download, linkTo } from './attachment-fixtures';
import { follow, head } from './event-feed';
import { createVendor } from './fixtures';
import { idOf } from './expect-xml';
import { readLinkKey } from './link-key-reader';
import { runPips } from './pips-cli';
import { describeOnPostgresFleet } from './postgres-fleet-suite';
import { targets } from './suite';
import type { Target } from './targets';

// Download links are the credential of a download: what a link may grant, and how an operator
// takes back every link at once.

const NOT_VALID = 'This download link is not valid.';
const MINUTE = 60_000;

/** `uri` with its expiry set to `expires` (ms) and signed with `key`, as whoever holds the key could make one. */
function signedWith(key: Buffer, uri: string, expires: number): string {
  const url = new URL(uri);
  const id = /\/downloads\/attachments\/(\d+)$/.exec(url.pathname)?.[1];
  const disposition = url.searchParams.get('disposition');
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('signature', createHmac('sha256', key).update(`${id}\n${disposition}\n${expires}`).digest('hex'));
  return url.toString();
}

async function expectRefused(uri: string): Promise<void> {
  const refused = await download(uri);
  expect(refused.status).toBe(403);
  expect(refused.bytes.toString()).toContain(NOT_VALID);
}

/** A file on a new vendor, and what the API shows of it, to read back after each refusal. */
async function aFile(target: Target, title: string): Promise<{ id: number; shown: () => Promise<string> }> {
  const vendor = idOf(await createVendor(target));
  const id = await attach(target, { parent: `vendor/${vendor}`, title, filename: 'notes.txt', bytes: Buffer.from(`${title} notes`), contentType: 'text/plain' });
  return { id, shown: async () => (await get(target, `/attachments/${id}`)).text };
}

/** `pips links rotate-key` beside a server (through it on the embedded database), the control route on the harness. */
async function rotateKey(target: Pick<Target, 'name' | 'cliEnv'> & Endpoint): Promise<void> {
  if (!target.cliEnv) {
    expect((await post(target, '/__harness/links/rotate_key', { rawPath: true })).status).toBe(200);
    return;
  }
  const rotated = await runPips(target, ['links', 'rotate-key']);
  expect(rotated).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^rotated the download link key/) });
}

const setClock = (target: Target, at: Date) => post(target, '/__harness/clock', { rawPath: true, body: `<clock><now>${at.toISOString()}</now></clock>` });

describe.each(targets())('download links on $name', (target) => {
  it('are refused, however well signed, when they expire later than a link made now would', async () => {
    const { id, shown } = await aFile(target, 'Far expiry');
    const before = await shown();
    // The key is made when the first link is handed out.
    const genuine = (await linkTo(target, id)).uri;
    expect((await download(genuine)).status).toBe(200);
    const key = await readLinkKey(target);
    if (key) {
      // The key is the one the server signs with: a link it signs for five minutes, or a little
      // past ten (the clocks' allowance), downloads.
      const now = Date.now();
      expect((await download(signedWith(key, genuine, now + 5 * MINUTE))).status).toBe(200);
      expect((await download(signedWith(key, genuine, now + 10 * MINUTE + 30_000))).status).toBe(200);
      await expectRefused(signedWith(key, genuine, now + 365 * 24 * 60 * MINUTE));
      await expectRefused(signedWith(key, genuine, now + 15 * MINUTE));
    } else {
      // The harness keeps its key to itself: its clock goes back a day instead, which leaves its
      // own link a day and ten minutes to run.
      const made = new Date('2032-02-01T12:00:00Z');
      expect((await setClock(target, made)).status).toBe(200);
      const link = (await linkTo(target, id)).uri;
      expect((await setClock(target, new Date(made.getTime() - 24 * 60 * MINUTE))).status).toBe(200);
      await expectRefused(link);
      expect((await setClock(target, new Date(made.getTime() + 5_000))).status).toBe(200);
      expect((await download(link)).status).toBe(200);
    }
    // Nothing changed: the attachment reads the same, and a link made now downloads it.
    expect(await shown()).toBe(before);
    expect((await download((await linkTo(target, id)).uri)).status).toBe(200);
  });

  it('handed out before the key is rotated are refused after it; new ones work', async () => {
    const { id, shown } = await aFile(target, 'Rotation');
    const before = await shown();
    const inline = (await linkTo(target, id)).uri;
    const asFile = (await linkTo(target, id, 'attachment')).uri;
    expect((await download(inline)).status).toBe(200);
    const oldKey = await readLinkKey(target);
    const start = await head(target);

    await rotateKey(target);
    // Each server process reads the key again within a second (the harness at once).
    await vi.waitFor(async () => expect((await download(inline)).status).toBe(403), { timeout: 15_000, interval: 200 });
    await expectRefused(inline);
    await expectRefused(asFile);
    const fresh = await download((await linkTo(target, id)).uri);
    expect([fresh.status, fresh.bytes.toString()]).toEqual([200, 'Rotation notes']);
    if (oldKey) expect(await readLinkKey(target)).not.toEqual(oldKey);
    expect(await shown()).toBe(before);
    // The feed says the key was rotated, by the command line, with no key in it; for who may manage data.
    const rotated = await follow(target, start, { type: 'site_secret' });
    expect(rotated.map((event) => [event.type, event.token, event.path.replace(/\d+$/, 'ID'), event.payload.name])).toEqual([
      ['site_secret.rotated', 'cli', 'site_secret/ID', 'attachment_link_key'],
    ]);
    const newKey = await readLinkKey(target);
    if (newKey) expect(JSON.stringify(rotated)).not.toContain(newKey.toString('base64url'));
    expect(await follow(target, start, { type: 'site_secret', token: target.tokens.viewInventory })).toEqual([]);
  });
});

describeOnPostgresFleet('rotating the link key on two server processes of one PostgreSQL database', 'rotating the link key across server processes', (fleetOf) => {

  it('makes every process refuse the links any of them handed out before', async () => {
    const [first, second] = fleetOf().endpoints as [Endpoint, Endpoint];
    const vendor = idOf(await createVendor(first));
    const id = await attach({ ...first, cliEnv: fleetOf().cliEnv }, { parent: `vendor/${vendor}`, title: 'Fleet', filename: 'fleet.txt', bytes: Buffer.from('fleet') });
    const signedByFirst = (await linkTo(first, id)).uri;
    const signedBySecond = (await linkTo(second, id)).uri;
    // Each link, on each process: all four served, so both processes hold the key now.
    const everywhere = [signedByFirst, signedBySecond].flatMap((uri) => [first, second].map((server) => uri.replace(/^http:\/\/[^/]+/, server.url)));
    for (const uri of everywhere) expect((await download(uri)).status, fleetOf().output()).toBe(200);

    expect((await runPips({ name: 'fleet', cliEnv: fleetOf().cliEnv }, ['links', 'rotate-key'])).code).toBe(0);
    await vi.waitFor(async () => {
      for (const uri of everywhere) expect((await download(uri)).status, uri).toBe(403);
    }, { timeout: 15_000, interval: 200 });
    const fresh = (await linkTo(second, id)).uri.replace(second.url, first.url);
    expect((await download(fresh)).status).toBe(200);
  }, 120_000);
});
