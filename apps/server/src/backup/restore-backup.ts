import type { BlobStore } from '@pips/domain';
import type { DatabaseCopy, TableInfo } from '@pips/store-mikro-orm';
import type { BackupManifest } from './backup-manifest';
import { checkedParts } from './check-backup';

/** Rows sent in one statement. */
const INSERT_BATCH = 500;

/** Where a backup is restored to: an empty database and its blob store. */
export interface RestoreDestination {
  readonly copy: DatabaseCopy;
  readonly blobs: BlobStore;
}

/** Why a restore did not start; said in one line, nothing written. */
export class RestoreRefused extends Error {
  override readonly name = 'RestoreRefused';
}

async function text(body: AsyncIterable<Buffer>): Promise<string> {
  const pieces: Buffer[] = [];
  for await (const piece of body) pieces.push(piece);
  return Buffer.concat(pieces).toString('utf8');
}

async function refuseUnlessEmpty(copy: DatabaseCopy, manifest: BackupManifest): Promise<void> {
  const { migrations, inUse } = await copy.target(async (target) => ({ migrations: await target.migrations(), inUse: await target.firstInUse() }));
  if (inUse !== null) throw new RestoreRefused(`the target is not empty (${inUse} holds data): restore only into an empty DATA_DIR or an empty database`);
  if (migrations.join(',') !== manifest.migrations.join(',')) {
    throw new RestoreRefused(
      `the backup's schema (${manifest.migrations.length} migrations, last ${manifest.migrations.at(-1) ?? 'none'}) is not this PIPS's (${migrations.length}, last ${migrations.at(-1) ?? 'none'}): restore it with PIPS ${manifest.pipsVersion}`,
    );
  }
}

/**
 * Restores a checked backup into `destination`, which must be empty and at the backup's schema.
 * The files go first, each checked against its attachment's size and md5, under new keys; then
 * every row in one transaction that names the files by those keys. A failure part way leaves no
 * row; the files stored by then are removed.
 */
export async function restoreBackup(destination: RestoreDestination, path: string, manifest: BackupManifest): Promise<void> {
  await refuseUnlessEmpty(destination.copy, manifest);
  const blobByPart = new Map(manifest.blobs.map((blob) => [blob.part, blob]));
  const keys = new Map<string, string>();
  try {
    for await (const part of checkedParts(path, manifest, (name) => blobByPart.has(name))) {
      const blob = blobByPart.get(part.name);
      if (!blob) continue;
      const stored = await destination.blobs.put(part.body, { size: blob.size, md5: blob.md5 });
      keys.set(blob.key, stored.key);
    }
    const tableOfPart = new Map<string, TableInfo>();
    for (const table of manifest.tables) for (const name of table.parts) tableOfPart.set(name, table);
    await destination.copy.load(async (writer) => {
      for await (const part of checkedParts(path, manifest, (name) => tableOfPart.has(name))) {
        const table = tableOfPart.get(part.name);
        if (!table) continue;
        const rows = (await text(part.body)).split('\n').filter((line) => line !== '');
        for (let i = 0; i < rows.length; i += INSERT_BATCH) await writer.insert(table, rows.slice(i, i + INSERT_BATCH));
      }
      await writer.setSequences(manifest.sequences);
      await writer.rekeyBlobs(keys);
    });
  } catch (error) {
    await Promise.allSettled([...keys.values()].map((key) => destination.blobs.delete(key)));
    throw error;
  } finally {
    for (const key of keys.values()) destination.blobs.release(key);
  }
}
