import { isAbsolute } from 'node:path';
import { writeBackup } from '../backup/write-backup';
import { backupSummary } from '../backup/backup-summary';
import { AdminFailure, type AdminOperation } from './admin-operation';
import { oneLine } from './failure-text';

/** Failures of the file itself, rather than of the database. */
const FILE_CODES = new Set(['ENOENT', 'EACCES', 'EPERM', 'ENOSPC', 'EEXIST', 'EISDIR', 'ENOTDIR', 'EROFS', 'EDQUOT']);

/** Why a backup file could not be written, in the operator's words. */
function cannotWrite(path: string, error: unknown): AdminFailure {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === 'ENOENT' ? 'its folder does not exist' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOSPC' ? 'no space left on the device' : null;
  return new AdminFailure([`error: cannot write the backup to ${oneLine(path)}: ${reason ?? (error instanceof Error ? oneLine(error.message) : String(error))}`]);
}

/**
 * `pips backup FILE`: everything PIPS keeps, of one point in time, into FILE (0600). On the
 * embedded default a running server writes it (it alone holds the database); on PostgreSQL the
 * CLI reads the database's own snapshot. `file` is an absolute path, resolved by the CLI.
 */
export const backupOperation: AdminOperation = {
  name: 'backup',
  async run({ backup }, args) {
    const file = args.file ?? '';
    if (!isAbsolute(file)) throw new AdminFailure(['error: the backup file must be given as an absolute path']);
    if (!backup) throw new AdminFailure(['error: the memory store keeps nothing to back up']);
    const started = Date.now();
    let summary;
    try {
      summary = await writeBackup(backup, file);
    } catch (error) {
      if (FILE_CODES.has((error as NodeJS.ErrnoException).code ?? '')) throw cannotWrite(file, error);
      throw error;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    return { out: `backed up to ${oneLine(file)} (${summary.bytes} bytes, ${seconds} s)\n${backupSummary(summary.manifest)}` };
  },
};
