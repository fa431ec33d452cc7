import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMikroOrmStore } from '@pips/store-mikro-orm';
import { run } from './processes';
import type { Target } from './targets';

/** The site secret links are signed with (docs/decisions.md, "Attachments"). */
const KEY_NAME = 'attachment_link_key';

/**
 * The key a server target signs download links with, read as whoever can read its data would:
 * on PostgreSQL with SQL on its database; on the embedded database from a copy of the files under
 * DATA_DIR/pglite, opened as a database of its own (the server holds the original). Null for the
 * harness, whose key lives in its own memory.
 */
export async function readLinkKey(target: Pick<Target, 'name' | 'cliEnv'>): Promise<Buffer | null> {
  const env = target.cliEnv;
  if (!env) return null;
  const value = env.DATABASE_URL ? await fromPostgres(env.DATABASE_URL) : await fromFiles(env.DATA_DIR!);
  if (!value) throw new Error(`${target.name} has no ${KEY_NAME} yet: hand out a link first`);
  return Buffer.from(value, 'base64url');
}

async function fromPostgres(url: string): Promise<string> {
  const sql = `select value from site_secret where name = '${KEY_NAME}'`;
  const { code, stdout, stderr } = await run('psql', [url, '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', sql], process.env);
  if (code !== 0) throw new Error(`psql failed (${code}): ${stderr}`);
  return stdout.trim();
}

async function fromFiles(dataDir: string): Promise<string | undefined> {
  const copy = await mkdtemp(join(tmpdir(), 'pips-stolen-'));
  try {
    await cp(join(dataDir, 'pglite'), join(copy, 'pglite'), { recursive: true });
    const store = await openMikroOrmStore({ dataDir: copy, migrate: false });
    try {
      return (await store.read((tx) => tx.repo('site_secret').findOne({ name: KEY_NAME })))?.value;
    } finally {
      await store.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}
