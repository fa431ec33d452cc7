import { readFileSync } from 'node:fs';
import type { SequenceValue } from '@pips/store-mikro-orm';
import type { PartSum } from './archive-writer';
import { BackupDamaged } from './archive-reader';

export const FORMAT = 'pips-backup';
export const FORMAT_VERSION = 1;
/** The last part of every backup: it says what the others are. */
export const MANIFEST = 'manifest.json';

export interface BackedUpTable {
  readonly name: string;
  readonly columns: readonly string[];
  readonly rows: number;
  /** Its parts (`tables/NAME.N.jsonl`: a row's `row_to_json` text a line), in order. */
  readonly parts: readonly string[];
}

export interface BackedUpBlob {
  /** The part holding its bytes. */
  readonly part: string;
  /** Its key in the blob store backed up, as the attachment rows name it. */
  readonly key: string;
  readonly size: number;
  readonly md5: string;
}

/** What a backup holds, and the checksum of each of its parts. */
export interface BackupManifest {
  readonly format: typeof FORMAT;
  readonly formatVersion: typeof FORMAT_VERSION;
  readonly pipsVersion: string;
  readonly engine: 'pglite' | 'postgresql';
  readonly createdAt: string;
  readonly migrations: readonly string[];
  readonly tables: readonly BackedUpTable[];
  readonly sequences: readonly SequenceValue[];
  readonly blobs: readonly BackedUpBlob[];
  /** Every part but the manifest, in the order they are in the archive. */
  readonly parts: readonly PartSum[];
}

/** This PIPS's version, as its server package states it (found above this file: `src/backup/` or the bundle in `dist/`). */
export function pipsVersion(): string {
  for (let url = new URL('./package.json', import.meta.url); ; url = new URL('../package.json', url)) {
    try {
      const found = JSON.parse(readFileSync(url, 'utf8')) as { name?: string; version?: string };
      if (found.name === '@pips/server' && found.version) return found.version;
    } catch {
      // Not here: look one folder up.
    }
    if (url.pathname === '/package.json') return 'unknown';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The manifest in `text`, its shape checked; a manifest that is not one is damage. */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupDamaged('the backup is damaged: its manifest is not JSON');
  }
  if (!isObject(value) || value.format !== FORMAT) throw new BackupDamaged('this is not a PIPS backup: its manifest names no pips-backup format');
  if (value.formatVersion !== FORMAT_VERSION) throw new BackupDamaged(`the backup is in format version ${String(value.formatVersion)}; this PIPS reads version ${FORMAT_VERSION}`);
  const wellFormed =
    typeof value.pipsVersion === 'string' &&
    (value.engine === 'pglite' || value.engine === 'postgresql') &&
    typeof value.createdAt === 'string' &&
    isStringList(value.migrations) &&
    Array.isArray(value.tables) &&
    value.tables.every((t) => isObject(t) && typeof t.name === 'string' && isStringList(t.columns) && Number.isSafeInteger(t.rows) && isStringList(t.parts)) &&
    Array.isArray(value.sequences) &&
    value.sequences.every((s) => isObject(s) && typeof s.name === 'string' && (s.value === null || typeof s.value === 'string')) &&
    Array.isArray(value.blobs) &&
    value.blobs.every((b) => isObject(b) && typeof b.part === 'string' && typeof b.key === 'string' && Number.isSafeInteger(b.size) && typeof b.md5 === 'string') &&
    Array.isArray(value.parts) &&
    value.parts.every((p) => isObject(p) && typeof p.name === 'string' && Number.isSafeInteger(p.bytes) && typeof p.sha256 === 'string');
  if (!wellFormed) throw new BackupDamaged('the backup is damaged: its manifest is incomplete');
  return value as unknown as BackupManifest;
}
