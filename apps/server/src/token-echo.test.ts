import { randomBytes } from 'node:crypto';
import { exchangeText, sendTokensEverywhere, tokensIn, type ProbeTokens } from '@pips/http/test';
import { pgliteDataDir, postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it, type TestContext } from 'vitest';
import { freshDatabase, runToEnd, SERVER_CLI, startMain } from './test-processes';

// The built server, its whole log read: a token sent in every place a client could put one (the
// probes of `@pips/http/test`) never comes back in an answer, a header, /metrics, /openapi.json,
// or any line the server writes, on the embedded database and on PostgreSQL.

/** A process starts in seconds on a busy machine; the probes are some sixty requests. */
const TIMEOUT_MS = 120_000;

/** A token shaped as PIPS issues them: 32 characters of base64url. */
const tokenLike = () => randomBytes(24).toString('base64url');

async function probeAndReadLog(test: TestContext, env: Record<string, string>) {
  const caller = tokenLike();
  // Debug: every line the server can write is read.
  const server = startMain(test, { PORT: '0', BOOTSTRAP_TOKEN: caller, LOG_LEVEL: 'debug', ...env });
  const url = await server.listening();
  const made = await runToEnd(process.execPath, [SERVER_CLI, 'token', 'create', '--name', 'other', '--permission', 'manage_data'], env);
  expect(made.code, made.stderr).toBe(0);
  const tokens: ProbeTokens = { caller, other: made.stdout.trim() };

  const exchanges = await sendTokensEverywhere(url.origin, tokens);
  server.signal('SIGTERM');
  // Once it has exited, its whole output is read.
  expect(await server.exited).toBe(0);

  for (const exchange of exchanges) {
    const found = tokensIn(exchangeText(exchange), tokens);
    // A field stored as sent is shown as sent: the one place the caller's token comes back.
    expect(found, `${exchange.sent}\n${exchange.status}: ${exchange.body.slice(0, 400)}`).toEqual(exchange.showsStored ? ['caller'] : []);
  }
  const requests = server.lines.filter((line) => line.msg === 'request');
  // Every probe was logged (the absence below is of something that had every chance to be there).
  expect(requests.length).toBeGreaterThanOrEqual(exchanges.length);
  expect(requests.filter((line) => String(line.path).includes('[token]')).length).toBeGreaterThan(20);
  const log = `${server.lines.map((line) => JSON.stringify(line)).join('\n')}\n${server.stderr()}`;
  expect(tokensIn(log, tokens), 'the log names a token').toEqual([]);
  return { exchanges, requests };
}

describe('a token sent everywhere, on the embedded database', () => {
  it('never reaches the log, an answer, a header, /metrics or /openapi.json', { timeout: TIMEOUT_MS }, async (test) => {
    const { exchanges } = await probeAndReadLog(test, { DATA_DIR: await pgliteDataDir('migrated') });
    // The issue's own case: the second token in the path is masked in the 404's message.
    const twice = exchanges.find((exchange) => exchange.sent.startsWith('GET /api/v2/<caller>/api/v2/<caller>/unit '));
    expect(twice?.body).toContain('No route matches [GET] &quot;/api/v2/[token]/unit&quot;');
  });
});

postgresSuites('a token sent everywhere, on PostgreSQL', (adminUrl) => {
  describe('a token sent everywhere, on PostgreSQL', () => {
    it('never reaches the log, an answer, a header, /metrics or /openapi.json', { timeout: TIMEOUT_MS }, async (test) => {
      await probeAndReadLog(test, { DATABASE_URL: await freshDatabase(test, adminUrl, 'echo') });
    });
  });
});
