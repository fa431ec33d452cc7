import { createHash } from 'node:crypto';
import { BackupDamaged, readArchive, type ArchivePart } from './archive-reader';
import { MANIFEST, parseManifest, type BackupManifest } from './backup-manifest';

interface SeenPart {
  readonly name: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly md5: string;
  readonly lines: number;
}

const NEWLINE = 0x0a;

async function measure(part: ArchivePart): Promise<SeenPart & { text: Buffer | null }> {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let bytes = 0;
  let lines = 0;
  const kept: Buffer[] = [];
  for await (const piece of part.body) {
    sha256.update(piece);
    md5.update(piece);
    bytes += piece.length;
    for (let at = piece.indexOf(NEWLINE); at !== -1; at = piece.indexOf(NEWLINE, at + 1)) lines += 1;
    if (part.name === MANIFEST) kept.push(piece);
  }
  return { name: part.name, bytes, sha256: sha256.digest('hex'), md5: md5.digest('hex'), lines, text: part.name === MANIFEST ? Buffer.concat(kept) : null };
}

const altered = (name: string) => new BackupDamaged(`the backup is damaged or altered: ${name} does not match its checksum`);

/** Holds what was read against the manifest: every part there, whole, as many rows, every file's md5. */
function compare(manifest: BackupManifest, seen: readonly SeenPart[]): void {
  if (seen.length !== manifest.parts.length) throw new BackupDamaged(`the backup is damaged: it holds ${seen.length} parts where its manifest lists ${manifest.parts.length}`);
  const byName = new Map<string, SeenPart>();
  manifest.parts.forEach((listed, i) => {
    const found = seen[i];
    if (found?.name !== listed.name) throw new BackupDamaged(`the backup is damaged: part ${i + 1} is ${found?.name ?? 'missing'} where its manifest lists ${listed.name}`);
    if (found.bytes !== listed.bytes || found.sha256 !== listed.sha256) throw altered(listed.name);
    byName.set(found.name, found);
  });
  for (const table of manifest.tables) {
    let rows = 0;
    for (const name of table.parts) rows += byName.get(name)?.lines ?? Number.NaN;
    if (rows !== table.rows) throw new BackupDamaged(`the backup is damaged: table ${table.name} holds ${rows} rows where its manifest says ${table.rows}`);
  }
  for (const blob of manifest.blobs) {
    const found = byName.get(blob.part);
    if (!found || found.bytes !== blob.size || found.md5 !== blob.md5.toLowerCase()) throw new BackupDamaged(`the backup is damaged: the file of ${blob.part} is not the one its attachment names`);
  }
}

/** Reads the whole backup at `path` and answers its manifest once every part matches it; otherwise throws `BackupDamaged`. */
export async function checkBackup(path: string): Promise<BackupManifest> {
  const seen: SeenPart[] = [];
  let manifest: BackupManifest | null = null;
  for await (const part of readArchive(path)) {
    if (manifest !== null) throw new BackupDamaged('the backup is damaged: a part follows its manifest');
    const measured = await measure(part);
    if (measured.text !== null) manifest = parseManifest(measured.text.toString('utf8'));
    else seen.push(measured);
  }
  if (manifest === null) throw new BackupDamaged('the backup has no manifest: it is cut short, or not a PIPS backup');
  compare(manifest, seen);
  return manifest;
}

/**
 * The parts `wanted` selects of a backup already checked, each body checked again as it is read
 * (the file could change between two reads): a part that no longer matches fails its reader.
 */
export async function* checkedParts(path: string, manifest: BackupManifest, wanted: (name: string) => boolean): AsyncGenerator<ArchivePart> {
  const sums = new Map(manifest.parts.map((part) => [part.name, part.sha256]));
  for await (const part of readArchive(path)) {
    const expected = sums.get(part.name);
    if (expected === undefined || !wanted(part.name)) continue;
    yield {
      ...part,
      body: (async function* () {
        const hash = createHash('sha256');
        for await (const piece of part.body) {
          hash.update(piece);
          yield piece;
        }
        if (hash.digest('hex') !== expected) throw altered(part.name);
      })(),
    };
  }
}
