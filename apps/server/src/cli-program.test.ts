import { createMemoryBlobStore, createMemoryStore } from '@pips/store-memory';
import { pgliteDataDir, runInTest } from '@pips/store-mikro-orm/test';
import { authenticate, callerContext, systemClock, type Store } from '@pips/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli-program';

let store: Store;
let out: string;
let err: string;

// One store shared by every command of a test, as a database would be; closing it is a no-op here.
const cli = (...argv: string[]) =>
  runCli(argv, {
    env: { DATABASE_URL: 'memory:' },
    out: (t) => (out += t),
    err: (t) => (err += t),
    openStore: async () => ({ store: { ...store, description: store.description, close: async () => {} }, blobs: createMemoryBlobStore(), description: 'memory' }),
  });

beforeEach(() => {
  store = createMemoryStore();
  out = '';
  err = '';
});

describe('runCli', () => {
  it('creates a token and prints only the token', async () => {
    expect(await cli('token', 'create', '--name', 'ci', '--permission', 'view_inventory', '--permission', 'manage_data')).toBe(0);
    const token = out.trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const principal = await authenticate({ store, clock: systemClock }, token);
    expect([...principal.permissions].sort()).toEqual(['manage_data', 'view_inventory']);
  });

  it('lists tokens without their hashes', async () => {
    await cli('token', 'create', '--name', 'ci');
    out = '';
    expect(await cli('token', 'list')).toBe(0);
    const [header, row] = out.trim().split('\n');
    expect(header).toBe('id\tname\tpermissions\tcreated\trevoked\tscope');
    expect(row).toMatch(/^1\tci\t-\t\d{4}-\d\d-\d\dT[\d:.]+Z\t-\tread-write$/);
    expect(out).not.toMatch(/[0-9a-f]{64}/);
  });

  it('issues a read-only token with its permissions, refused every change, and lists its scope', async () => {
    expect(await cli('token', 'create', '--name', 'reader', '--read-only', '--permission', 'view_inventory')).toBe(0);
    const principal = await authenticate({ store, clock: systemClock }, out.trim());
    expect(principal).toMatchObject({ name: 'reader', readOnly: true, permissions: new Set(['view_inventory']) });
    const ctx = callerContext({ store, clock: systemClock, site: { currency: 'USD' } }, principal);
    await expect(ctx.store.transaction(async () => undefined)).rejects.toMatchObject({ code: 'forbidden' });
    out = '';
    expect(await cli('token', 'list')).toBe(0);
    expect(out.trim().split('\n')[1]).toMatch(/^1\treader\tview_inventory\t\S+\t-\tread-only$/);
  });

  it('revokes by name or id', async () => {
    await cli('token', 'create', '--name', 'ci');
    const token = out.trim();
    expect(await cli('token', 'revoke', 'ci')).toBe(0);
    expect(out).toContain('revoked 1 token');
    await expect(authenticate({ store, clock: systemClock }, token)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await cli('token', 'revoke', '1')).toBe(1);
    expect(err).toContain('no live token named or numbered "1"');
  });

  it('refuses a second live token with a name in use', async () => {
    expect(await cli('token', 'create', '--name', 'ci')).toBe(0);
    out = err = '';
    expect(await cli('token', 'create', '--name', 'ci')).toBe(1);
    expect(err).toBe('error: Name has already been taken\n');
    expect(out).toBe('');
  });

  it('refuses unknown permissions and missing names', async () => {
    expect(await cli('token', 'create', '--name', 'x', '--permission', 'fly')).toBe(1);
    expect(err).toContain('Unknown permission: fly');
    expect(await cli('token', 'create')).toBe(1);
    expect(err).toContain("required option '--name <name>' not specified");
  });

  it('has nothing to migrate on the memory store', async () => {
    expect(await cli('migrate')).toBe(0);
    expect(out).toContain('nothing to migrate');
  });

  it('migrates an embedded database once, then finds it up to date', async () => {
    // A database that exists but has no schema yet, removed when the test ends.
    const dataDir = await pgliteDataDir('initialised');
    const run = () => {
      out = '';
      return runInTest(() => runCli(['migrate'], { env: { DATA_DIR: dataDir }, out: (t) => (out += t), err: (t) => (err += t) }));
    };
    expect(await run()).toBe(0);
    expect(out).toMatch(/^applied \S+/);
    expect(await run()).toBe(0);
    expect(out).toBe('the database schema is up to date\n');
  });

  it('reports an unforeseen failure in one line, its stack only with LOG_LEVEL=debug', async () => {
    const failing = (env: Record<string, string>) =>
      runCli(['token', 'list'], {
        env: { DATABASE_URL: 'memory:', ...env },
        out: (t) => (out += t),
        err: (t) => (err += t),
        openStore: () => Promise.reject(new Error('the disk caught fire\nsecond line')),
      });
    expect(await failing({})).toBe(1);
    expect(err).toBe('error: the command failed: the disk caught fire\n');
    err = '';
    expect(await failing({ LOG_LEVEL: 'debug' })).toBe(1);
    expect(err).toMatch(/^error: the command failed: the disk caught fire\nError: the disk caught fire\nsecond line\n\s+at /);
  });

  it('reports a bad environment', async () => {
    const code = await runCli(['token', 'list'], {
      env: { SITE_TIMEZONE: 'Nowhere/Special' },
      out: (t) => (out += t),
      err: (t) => (err += t),
    });
    expect(code).toBe(1);
    expect(err).toContain('SITE_TIMEZONE must be an IANA time zone');
  });
});
