import { pgliteDataDir, postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it } from 'vitest';
import { freshDatabase, psql, runToEnd, SERVER_CLI, startMain } from './test-processes';

// RATE_LIMIT_PER_MINUTE through the server processes: in memory on the embedded database,
// in PostgreSQL (shared by every process on the database) otherwise.

/** Two processes start, then a window of a minute runs out: the test waits for it, polling. */
const SHARED_TIMEOUT_MS = 180_000;
const POLL_MS = 500;

const unitsOf = async (url: URL, token: string) => {
  const reply = await fetch(new URL(`/api/v2/${token}/unit`, url));
  return { status: reply.status, retryAfter: reply.headers.get('retry-after'), text: await reply.text(), at: Date.now() };
};

/** `token create` with the CLI on the server's data; prints the token alone. */
async function cliToken(env: Record<string, string>, name: string): Promise<string> {
  const made = await runToEnd(process.execPath, [SERVER_CLI, 'token', 'create', '--name', name], env);
  expect(made.code, made.stderr).toBe(0);
  return made.stdout.trim();
}

/** A 429 as the server says it: Retry-After in whole seconds of the minute's window, and the XML body naming the budget. */
function expectLimited(reply: Awaited<ReturnType<typeof unitsOf>>, perMinute: number): number {
  expect(reply.status, reply.text).toBe(429);
  const seconds = Number(reply.retryAfter);
  expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60, `Retry-After: ${reply.retryAfter}`).toBe(true);
  expect(reply.text).toContain(
    `<error>\n  <message>Rate limit exceeded: this token may make ${perMinute} requests a minute; retry in ${seconds} second${seconds === 1 ? '' : 's'}</message>\n</error>`,
  );
  return seconds;
}

describe('RATE_LIMIT_PER_MINUTE on the embedded database', () => {
  it('answers 429 with Retry-After past a token\'s budget, each token its own, an unknown one 401', async (test) => {
    const dataDir = await pgliteDataDir('migrated');
    const other = await cliToken({ DATA_DIR: dataDir }, 'other');
    const server = startMain(test, { DATA_DIR: dataDir, PORT: '0', BOOTSTRAP_TOKEN: 't', RATE_LIMIT_PER_MINUTE: '2', LOG_LEVEL: 'info' });
    const url = await server.listening();
    for (let i = 0; i < 2; i++) expect((await unitsOf(url, 't')).status).toBe(200);
    expectLimited(await unitsOf(url, 't'), 2);
    expect((await unitsOf(url, other)).status).toBe(200);
    expect((await unitsOf(url, 'not-a-token')).status).toBe(401);
    // The access log names the refusal, never the token.
    const refused = await server.waitFor((line) => line.status === 429);
    expect(refused.path).toBe('/api/v2/[token]/unit');
    expect(server.lines.some((line) => JSON.stringify(line).includes(other))).toBe(false);
  });
});

postgresSuites('RATE_LIMIT_PER_MINUTE on PostgreSQL', (adminUrl) => {
  describe('RATE_LIMIT_PER_MINUTE on PostgreSQL', () => {
    it('is one budget for every process on the database: 429s past it from either, until Retry-After has passed', { timeout: SHARED_TIMEOUT_MS }, async (test) => {
      const databaseUrl = await freshDatabase(test, adminUrl, 'ratelimit');
      const env = { DATABASE_URL: databaseUrl, PORT: '0', BOOTSTRAP_TOKEN: 't', RATE_LIMIT_PER_MINUTE: '4', LOG_LEVEL: 'info' };
      const servers = [startMain(test, env), startMain(test, env)];
      const [a, b] = (await Promise.all(servers.map((server) => server.listening()))) as [URL, URL];
      const other = await cliToken({ DATABASE_URL: databaseUrl }, 'other');

      // Four requests, two on each process, spend the one budget: the next is refused by both.
      for (const url of [a, b, a, b]) expect((await unitsOf(url, 't')).status).toBe(200);
      const sentAt = Date.now();
      const retryAfter = expectLimited(await unitsOf(a, 't'), 4);
      expectLimited(await unitsOf(b, 't'), 4);
      expect((await unitsOf(b, other)).status).toBe(200);

      // The budget is kept by token id, never by the token itself.
      const keys = (await psql(databaseUrl, 'select key from rate_limit order by key')).split('\n');
      const ids = (await psql(databaseUrl, `select id from api_token order by id`)).split('\n');
      expect(keys).toEqual(ids.map((id) => `api_token:${id}`));

      // Asked in turn of both processes, it stays refused until the window has ended. Retry-After
      // is the wait rounded up to whole seconds, so the window ends less than a second before it.
      let allowed: Awaited<ReturnType<typeof unitsOf>> | undefined;
      for (let turn = 0; !allowed; turn++) {
        const reply = await unitsOf(turn % 2 === 0 ? a : b, 't');
        if (reply.status === 200) allowed = reply;
        else expect(expectLimited(reply, 4)).toBeLessThanOrEqual(retryAfter);
        if (!allowed) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      expect(allowed.at - sentAt).toBeGreaterThan((retryAfter - 1) * 1000);
      for (const server of servers) expect(server.stderr()).toBe('');
    });
  });
});
