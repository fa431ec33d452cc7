import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseExposition, startSubscriber, until, type Received, type TestSubscriber } from '@pips/http/test';
import { pgliteDataDir, postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it, type TestContext } from 'vitest';
import { freshDatabase, psql, REPO_ROOT, runToEnd, SERVER_CLI, startMain } from './test-processes';

// Webhooks through the built server and CLI: a subscriber that fails, goes away and comes back,
// a server killed mid-delivery, two servers on one PostgreSQL database, a day of failures.

const pips = (args: string[], env: Record<string, string>) => runToEnd(process.execPath, [SERVER_CLI, ...args], env, 120_000);

type Verify = (secret: string, headers: Record<string, string>, body: string) => boolean;

/** The verification snippet of docs/webhooks.md, as a subscriber would paste it. */
async function documentedVerify(test: TestContext): Promise<Verify> {
  const page = await readFile(join(REPO_ROOT, 'docs/webhooks.md'), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(page)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no js block');
  expect(code.trim().split('\n').length).toBeLessThanOrEqual(12);
  const dir = await mkdtemp(join(tmpdir(), 'pips-verify-'));
  test.onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'verify.mjs'), code);
  return ((await import(pathToFileURL(join(dir, 'verify.mjs')).href)) as { verifyWebhook: Verify }).verifyWebhook;
}

const headersOf = (post: Received) => ({ 'webhook-id': post.id, 'webhook-timestamp': post.timestamp, 'webhook-signature': post.signature });

async function subscriber(test: TestContext, status?: Parameters<typeof startSubscriber>[0]): Promise<TestSubscriber> {
  const started = await startSubscriber(status);
  test.onTestFinished(() => started.stop());
  return started;
}

async function createManufacturer(server: URL, name: string): Promise<void> {
  const answer = await fetch(new URL('/api/v2/t/manufacturer', server), {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: `<manufacturer><name>${name}</name></manufacturer>`,
  });
  expect(answer.status).toBe(200);
}

/** `webhook list`'s rows as objects by column. */
async function listed(env: Record<string, string>): Promise<Array<Record<string, string>>> {
  const ran = await pips(['webhook', 'list'], env);
  expect(ran).toMatchObject({ code: 0, stderr: '' });
  const [head, ...rows] = ran.stdout.trimEnd().split('\n').map((line) => line.split('\t'));
  return rows.map((row) => Object.fromEntries(head!.map((name, i) => [name, row[i] ?? ''])));
}

async function metric(server: URL, name: string, labels: Record<string, string>): Promise<number | undefined> {
  const parsed = parseExposition(await (await fetch(new URL('/metrics', server))).text());
  return parsed.samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

/** The sequences of the feed's events of `type`, read with the bootstrap token. */
async function feedSequences(server: URL, type: string): Promise<number[]> {
  const text = await (await fetch(new URL(`/api/v2/t/events?type=${type}&limit=1000`, server))).text();
  return [...text.matchAll(/<sequence[^>]*>(\d+)<\/sequence>/g)].map((m) => Number(m[1]));
}

describe('webhooks on the embedded database', () => {
  it('added through the running server, delivered in order past failures, an absence and a crash mid-delivery', async (test) => {
    const env = { DATA_DIR: await pgliteDataDir('migrated') };
    const serverEnv = { ...env, PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' };
    let server = startMain(test, serverEnv);
    let url = await server.listening();
    let hold = false;
    const hook = await subscriber(test, async (n) => {
      while (hold) await new Promise((resolve) => setTimeout(resolve, 20));
      return n <= 2 ? 500 : 200;
    });
    const verify = await documentedVerify(test);

    const refused = await pips(['webhook', 'add', hook.url, '--secret', 'hunter2'], env);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining('A webhook secret must be whsec_') });
    expect(refused.stderr).not.toContain('hunter2');
    const added = await pips(['webhook', 'add', hook.url, '--type', 'manufacturer'], env);
    expect(added).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^1\twhsec_[A-Za-z0-9+/]{43}=\n$/) });
    const secret = added.stdout.trim().split('\t')[1]!;

    for (const name of ['M1', 'M2', 'M3']) await createManufacturer(url, name);
    await until('three events taken past two failures', () => hook.taken().length === 3, 60_000);
    const created = await feedSequences(url, 'manufacturer.created');
    expect(hook.received.map((post) => post.sequence)).toEqual([created[0], created[0], ...created]);
    for (const post of hook.received) expect(verify(secret, headersOf(post), post.body)).toBe(true);
    expect(verify(secret, headersOf(hook.received[0]!), hook.received[0]!.body.replace('M1', 'M9'))).toBe(false);
    const [row] = await listed(env);
    expect(row).toMatchObject({ id: '1', url: hook.url, types: 'manufacturer', state: 'active', delivered_through: String(created[2]), attempts: '0', last_error: '-' });
    expect(JSON.stringify(await listed(env))).not.toContain(secret.slice(6, 20));
    expect(await metric(url, 'pips_webhooks', { state: 'active' })).toBe(1);
    expect(await metric(url, 'pips_webhook_deliveries_total', { outcome: 'failed' })).toBe(2);
    expect(await metric(url, 'pips_webhook_deliveries_total', { outcome: 'delivered' })).toBe(3);
    expect(server.lines.filter((line) => line.msg === 'webhook delivery failed').map((line) => [line.error, line.attempts])).toEqual([
      ['HTTP 500', 1],
      ['HTTP 500', 2],
    ]);
    expect(JSON.stringify(server.lines)).not.toContain(secret.slice(6, 20));

    // The subscriber goes away: the event waits, and comes once it is back.
    await hook.stop();
    await createManufacturer(url, 'M4');
    await until('a refused connection', async () => (await listed(env))[0]!.last_error === 'connection refused', 60_000);
    await hook.restart();
    await pips(['webhook', 'resume', '1'], env);
    await until('the missed event', () => hook.taken().length === 4, 60_000);

    // Killed while a post waits for its answer: the restarted server posts that event again once the lease lapses.
    hold = true;
    await createManufacturer(url, 'M5');
    await until('the post in flight', () => hook.received.length === 7, 60_000);
    server.signal('SIGKILL');
    await server.exited;
    hold = false;
    server = startMain(test, serverEnv);
    url = await server.listening();
    await until('the event posted again', () => hook.received.length === 8, 90_000);
    const all = await feedSequences(url, 'manufacturer.created');
    expect(hook.received.slice(6).map((post) => post.sequence)).toEqual([all[4], all[4]]);
    await until('its delivery recorded', async () => (await listed(env))[0]!.delivered_through === String(all[4]), 60_000);
    expect([...new Set(hook.taken().map((post) => post.sequence))]).toEqual(all);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);
});

postgresSuites('webhooks on PostgreSQL', (adminUrl) => {
  describe('webhooks on PostgreSQL', () => {
    it('two servers on one database post each event once, in order', async (test) => {
      const env = { DATABASE_URL: await freshDatabase(test, adminUrl, 'hooks') };
      expect((await pips(['migrate'], env)).code).toBe(0);
      const servers = [startMain(test, { ...env, PORT: '0', BOOTSTRAP_TOKEN: 't' }), startMain(test, { ...env, PORT: '0', BOOTSTRAP_TOKEN: 't' })];
      const urls = await Promise.all(servers.map((s) => s.listening()));
      const hook = await subscriber(test);
      expect((await pips(['webhook', 'add', hook.url, '--type', 'manufacturer.created'], env)).code).toBe(0);
      for (let round = 0; round < 5; round += 1) {
        await Promise.all(urls.flatMap((url, i) => [1, 2].map((n) => createManufacturer(url, `R${round}S${i}N${n}`))));
      }
      await until('twenty events', () => hook.taken().length >= 20, 60_000);
      const created = await feedSequences(urls[0]!, 'manufacturer.created');
      expect(created).toHaveLength(20);
      expect(hook.received.map((post) => post.sequence)).toEqual(created);
    }, 180_000);

    it('marks a subscriber failing after a day of failures, and resumes it from the event it failed', async (test) => {
      const env = { DATABASE_URL: await freshDatabase(test, adminUrl, 'hookday') };
      expect((await pips(['migrate'], env)).code).toBe(0);
      const server = startMain(test, { ...env, PORT: '0', BOOTSTRAP_TOKEN: 't' });
      const url = await server.listening();
      let status = 503;
      const hook = await subscriber(test, () => status);
      expect((await pips(['webhook', 'add', hook.url], env)).code).toBe(0);
      await createManufacturer(url, 'Late');
      await until('the first failure', async () => Number((await listed(env))[0]!.attempts) >= 1, 60_000);
      // A day of failures, without waiting a day: the run of failures began 25 hours ago.
      await psql(env.DATABASE_URL, `update webhook set failing_since = now() - interval '25 hours', next_attempt_at = now()`);
      await until('marked failing', async () => (await listed(env))[0]!.state === 'failing', 60_000);
      expect((await listed(env))[0]).toMatchObject({ last_error: 'HTTP 503' });
      expect(await metric(url, 'pips_webhooks', { state: 'failing' })).toBe(1);
      expect(server.lines.some((line) => line.level === 50 && String(line.msg).startsWith('webhook marked failing'))).toBe(true);
      const posts = hook.received.length;
      await createManufacturer(url, 'Later');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(hook.received.length).toBe(posts);

      status = 200;
      const resumed = await pips(['webhook', 'resume', '1'], env);
      expect(resumed).toMatchObject({ code: 0, stdout: expect.stringMatching(/^resumed webhook 1 after event \d+\n$/) });
      await until('both events taken', () => hook.taken().length === 2, 60_000);
      const created = await feedSequences(url, 'manufacturer.created');
      expect(hook.taken().map((post) => post.sequence)).toEqual(created);
      expect((await listed(env))[0]).toMatchObject({ state: 'active', attempts: '0' });
      expect(await pips(['webhook', 'remove', '1'], env)).toMatchObject({ code: 0, stdout: 'removed webhook 1\n' });
      expect(await pips(['webhook', 'remove', '1'], env)).toMatchObject({ code: 1, stderr: expect.stringContaining("Couldn't find Webhook with 'id'=1") });
    }, 180_000);
  });
});
