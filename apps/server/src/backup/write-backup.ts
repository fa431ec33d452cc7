import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import type { BlobStore } from '@pips/domain';
import type { AttachmentBlob, DatabaseCopy, SnapshotReader } from '@pips/store-mikro-orm';
import { writeArchive, type ArchiveWriter, type PartSum } from './archive-writer';
import { FORMAT, FORMAT_VERSION, MANIFEST, pipsVersion, type BackedUpBlob, type BackedUpTable, type BackupManifest } from './backup-manifest';

/** A table's rows go into parts of about this size, each held in memory while it fills. */
const PART_BYTES = 8 * 1_048_576;

/** What a backup reads: the database, and where attachments' bytes are kept. */
export interface BackupSource {
  readonly copy: DatabaseCopy;
  readonly blobs: BlobStore;
  /**
   * Holds the blob store's deletes until the answered function is called. Needed where files
   * live outside the database's snapshot (the embedded default's DATA_DIR/blobs): a detach
   * committed after the snapshot must not take a file the snapshot's rows still name.
   */
  readonly holdDeletes?: () => () => void;
}

export interface BackupSummary {
  readonly manifest: BackupManifest;
  /** The backup file's size. */
  readonly bytes: number;
}

async function addTable(archive: ArchiveWriter, reader: SnapshotReader, table: { name: string; columns: readonly string[] }, sums: PartSum[]): Promise<BackedUpTable> {
  const parts: string[] = [];
  let rows = 0;
  let lines: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    if (lines.length === 0) return;
    const name = `tables/${table.name}.${parts.length + 1}.jsonl`;
    sums.push(await archive.add(name, size, Buffer.concat(lines, size)));
    parts.push(name);
    lines = [];
    size = 0;
  };
  for await (const row of reader.rows(table)) {
    const line = Buffer.from(`${row}\n`, 'utf8');
    lines.push(line);
    size += line.length;
    rows += 1;
    if (size >= PART_BYTES) await flush();
  }
  await flush();
  return { name: table.name, columns: table.columns, rows, parts };
}

async function addBlob(archive: ArchiveWriter, blob: AttachmentBlob, body: AsyncIterable<Uint8Array>, sums: PartSum[]): Promise<BackedUpBlob> {
  const part = `blobs/${blob.key}`;
  sums.push(await archive.add(part, blob.size, body));
  return { part, key: blob.key, size: blob.size, md5: blob.md5 };
}

/**
 * Writes a backup of everything PIPS keeps to `path` (a new file, 0600): the rows of every table
 * and every attachment's bytes, all of one point in time. It is written beside `path` under a
 * temporary name and renamed into place only when whole, so a failed backup leaves no file.
 */
export async function writeBackup(source: BackupSource, path: string, now = new Date()): Promise<BackupSummary> {
  const partial = `${path}.partial-${randomBytes(4).toString('hex')}`;
  const archive = writeArchive(partial, now);
  const release = source.holdDeletes?.();
  try {
    const sums: PartSum[] = [];
    const engine = source.copy.engine;
    const snapshot = await source.copy.snapshot(async (reader) => {
      const migrations = await reader.migrations();
      const tables: BackedUpTable[] = [];
      for (const table of await reader.tables()) tables.push(await addTable(archive, reader, table, sums));
      const sequences = await reader.sequences();
      const named = await reader.attachmentBlobs();
      // Large objects are read in the snapshot's own transaction; files once it is over, their deletes held.
      let blobs: BackedUpBlob[] | null = null;
      if (engine === 'postgresql') {
        blobs = [];
        for (const blob of named) blobs.push(await addBlob(archive, blob, reader.largeObject(blob.key, blob.size), sums));
      }
      return { migrations, tables, sequences, named, blobs };
    });
    let blobs = snapshot.blobs;
    if (blobs === null) {
      blobs = [];
      for (const blob of snapshot.named) {
        const body = await source.blobs.read(blob.key);
        if (body === null) throw new Error(`attachment file ${blob.key} is missing from the blob store`);
        blobs.push(await addBlob(archive, blob, body, sums));
      }
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      pipsVersion: pipsVersion(),
      engine,
      createdAt: now.toISOString(),
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      blobs,
      parts: sums,
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`, 'utf8');
    await archive.add(MANIFEST, text.length, text);
    await archive.finish();
    await rename(partial, path);
    return { manifest, bytes: archive.written() };
  } catch (error) {
    await archive.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    release?.();
  }
}
