import { readdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Config } from '../config';
import { isPostgres, type OpenedStore, type openStore as OpenStore } from '../open-store';
import { AdminFailure } from '../admin/admin-operation';
import { oneLine } from '../admin/failure-text';
import { BackupDamaged } from './archive-reader';
import type { BackupManifest } from './backup-manifest';
import { backupSummary } from './backup-summary';
import { checkBackup } from './check-backup';
import { restoreBackup, RestoreRefused } from './restore-backup';

/** A damaged backup or a refused target as the CLI prints it: one line. */
async function oneLineFailures<T>(file: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupDamaged || error instanceof RestoreRefused) throw new AdminFailure([`error: ${oneLine(file)}: ${error.message}`]);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new AdminFailure([`error: cannot read ${oneLine(file)}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : 'permission denied'}`]);
    throw error;
  }
}

/** `pips restore --check FILE`: reads the whole backup, checks every part, and says what it holds. */
export async function checkBackupFile(file: string, directory: string): Promise<string> {
  const manifest = await oneLineFailures(file, () => checkBackup(resolve(directory, file)));
  return `${oneLine(file)} is whole: every part matches its checksum\n${backupSummary(manifest)}`;
}

/** What is in the embedded default's DATA_DIR: null when it does not exist. */
async function dataDirEntries(dataDir: string): Promise<string[] | null> {
  try {
    return await readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function withStore<T>(open: () => Promise<OpenedStore>, work: (opened: OpenedStore) => Promise<T>): Promise<T> {
  const opened = await open();
  try {
    return await work(opened);
  } finally {
    await opened.blobs.close();
    await opened.store.close();
  }
}

async function restoreInto(config: Config, openStore: typeof OpenStore, path: string, manifest: BackupManifest): Promise<void> {
  // An empty target is looked at before anything is migrated or made in it.
  await withStore(
    () => openStore(config, { migrate: false }),
    async (opened) => {
      const inUse = await opened.copy?.target((target) => target.firstInUse());
      if (inUse) throw new RestoreRefused(`the target is not empty (${inUse} holds data): restore only into an empty DATA_DIR or an empty database`);
    },
  );
  await withStore(
    () => openStore(config),
    async (opened) => {
      if (!opened.copy) throw new RestoreRefused('the memory store keeps nothing: restore into the embedded database or PostgreSQL');
      await restoreBackup({ copy: opened.copy, blobs: opened.blobs }, path, manifest);
    },
  );
}

/**
 * `pips restore FILE`: checks the whole backup first, then brings it back into an empty
 * DATA_DIR (the embedded default; one that does not exist yet is made) or an empty PostgreSQL
 * database, refusing one that holds data. On the embedded default a restore that fails leaves
 * DATA_DIR empty again.
 */
export async function restoreBackupFile(config: Config, openStore: typeof OpenStore, file: string, directory: string): Promise<string> {
  const path = resolve(directory, file);
  return oneLineFailures(file, async () => {
    if (config.databaseUrl === 'memory:') throw new RestoreRefused('the memory store keeps nothing: restore into the embedded database or PostgreSQL');
    const embedded = !isPostgres(config);
    const before = embedded ? await dataDirEntries(config.dataDir) : null;
    if (before && before.length > 0) throw new RestoreRefused(`the target is not empty (DATA_DIR ${config.dataDir} holds ${before.length} entries): restore only into an empty DATA_DIR or an empty database`);
    const manifest = await checkBackup(path);
    try {
      await restoreInto(config, openStore, path, manifest);
    } catch (error) {
      if (embedded) {
        // DATA_DIR was absent or empty: whatever is in it now this restore made, and it goes.
        if (before === null) await rm(config.dataDir, { recursive: true, force: true });
        else for (const entry of await readdir(config.dataDir)) await rm(resolve(config.dataDir, entry), { recursive: true, force: true });
      }
      throw error;
    }
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    return `restored ${rows} rows in ${manifest.tables.length} tables and ${manifest.blobs.length} attachment files from ${oneLine(file)} (made ${manifest.createdAt})\n`;
  });
}
