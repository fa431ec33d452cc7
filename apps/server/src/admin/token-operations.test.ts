import { pino } from 'pino';
import { openInTest, pgliteDataDir, runInTest } from '@pips/store-mikro-orm/test';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli-program';
import { readConfig } from '../config';
import { startServer } from '../start-server';

/** The CLI on `dataDir`'s embedded database, as `npm run pips -- …` runs it: what it printed and its exit code. */
async function pips(dataDir: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runInTest(() => runCli(argv, { env: { DATA_DIR: dataDir }, out: (t) => (out += t), err: (t) => (err += t) }));
  return { code, out, err };
}

describe('token commands beside a server on the embedded database', () => {
  it('issue, list and revoke tokens in the running server, which honours them at once; stopped, the CLI opens the data itself', async () => {
    const dataDir = await pgliteDataDir('migrated');
    const server = await openInTest(() => startServer(readConfig({ PORT: '0', DATA_DIR: dataDir }), { logger: pino({ level: 'silent' }) }));
    const units = (token: string) => fetch(`${server.url}/api/v2/${token}/unit`).then((answer) => answer.status);

    const created = await pips(dataDir, 'token', 'create', '--name', 'ops', '--permission', 'manage_data');
    expect(created).toMatchObject({ code: 0, err: '' });
    const token = created.out.trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await units(token)).toBe(200);

    const reader = await pips(dataDir, 'token', 'create', '--name', 'reader', '--read-only');
    const refused = await fetch(`${server.url}/api/v2/${reader.out.trim()}/unit`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<unit><name>kg</name></unit>' });
    expect(refused.status).toBe(403);

    expect(await pips(dataDir, 'token', 'create', '--name', 'ops')).toEqual({ code: 1, out: '', err: 'error: Name has already been taken\n' });
    expect(await pips(dataDir, 'token', 'create', '--name', 'x', '--permission', 'fly')).toMatchObject({ code: 1, out: '' });

    const listed = await pips(dataDir, 'token', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out.trim().split('\n').slice(1)).toEqual([
      expect.stringMatching(/^1\tops\tmanage_data\t\S+\t-\tread-write$/),
      expect.stringMatching(/^2\treader\t-\t\S+\t-\tread-only$/),
    ]);

    expect(await pips(dataDir, 'token', 'revoke', 'ops')).toEqual({ code: 0, out: 'revoked 1 token\n', err: '' });
    // The server remembers a token it checked for a second; past that the revoked one is refused.
    await vi.waitFor(async () => expect(await units(token)).toBe(401), { timeout: 15_000, interval: 200 });
    expect(await pips(dataDir, 'token', 'revoke', 'ops')).toEqual({ code: 1, out: '', err: 'error: no live token named or numbered "ops"\n' });

    await server.close();
    const afterwards = await pips(dataDir, 'token', 'list');
    expect(afterwards.code).toBe(0);
    expect(afterwards.out).toMatch(/\n1\tops\tmanage_data\t\S+\t\d{4}-\S+Z\tread-write\n/);
  });
});
