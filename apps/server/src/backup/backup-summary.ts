import type { BackupManifest } from './backup-manifest';

/** What a backup holds, as `backup` and `restore --check` print it: a line of totals, then a line per table. */
export function backupSummary(manifest: BackupManifest): string {
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const bytes = manifest.blobs.reduce((sum, blob) => sum + blob.size, 0);
  const head = [
    `format ${manifest.formatVersion}, PIPS ${manifest.pipsVersion}, engine ${manifest.engine}, made ${manifest.createdAt}`,
    `schema: ${manifest.migrations.length} migrations, last ${manifest.migrations.at(-1) ?? 'none'}`,
    `${rows} rows in ${manifest.tables.length} tables, ${manifest.blobs.length} attachment files (${bytes} bytes), ${manifest.parts.length + 1} parts checksummed (sha256)`,
  ];
  return [...head, ...manifest.tables.map((table) => `  ${table.name}\t${table.rows}`)].map((line) => `${line}\n`).join('');
}
