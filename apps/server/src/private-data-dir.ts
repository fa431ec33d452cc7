import { chmodSync, lstatSync, readdirSync, statSync, type Stats } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Bits that let anyone but the owner write. */
const OTHERS_WRITE = 0o022;
/** Bits that let anyone but the owner do anything. */
const OTHERS_ANY = 0o077;

/**
 * DATA_DIR cannot be trusted: someone other than the service's user owns it or may write in it,
 * so its database, signing key or files may have been changed. Said as one start-up line.
 */
export class DataDirError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DataDirError';
  }
}

export const isDataDirError = (error: unknown): error is DataDirError => error instanceof DataDirError;

export interface PrivateDataDir {
  /** The highest directory this call created (DATA_DIR or one above it); null when DATA_DIR was there. */
  readonly created: string | null;
  /** Removes what this call created, for a start that fails after it; nothing when it created nothing. */
  discard(): Promise<void>;
}

/**
 * Makes DATA_DIR private to this process's user before anything opens it: a new one is made
 * 0700; an existing one is checked, whole, and refused (nothing changed) when anything in it
 * belongs to another user or another user may write it, else stripped of every permission but
 * the owner's (a data directory an earlier version left 0755 with 0644 files). Symbolic links
 * inside are neither followed nor changed. What the process writes afterwards is private by its
 * umask (`keepFilesPrivate`).
 */
export async function preparePrivateDataDir(dataDir: string): Promise<PrivateDataDir> {
  const dir = resolve(dataDir);
  let created: string | null;
  try {
    created = (await mkdir(dir, { recursive: true, mode: 0o700 })) ?? null;
    if (created === null) makePrivate(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (isDataDirError(error) || code === undefined) throw error;
    throw new DataDirError(`cannot use DATA_DIR ${dir} (${code}); it must be a directory this user may write`, { cause: error });
  }
  return {
    created,
    async discard() {
      if (created !== null) await rm(created, { recursive: true, force: true });
    },
  };
}

/**
 * Every entry under `dir` with its own status (symbolic links not followed), `dir` itself first.
 * Synchronous: it runs once, before anything else of the process, and a call per file through
 * the thread pool made a DATA_DIR of 11,000 files take seconds instead of a tenth of one.
 */
function* entries(dir: string, stats: Stats): Generator<{ path: string; stats: Stats }> {
  yield { path: dir, stats };
  if (!stats.isDirectory()) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // Gone meanwhile (a temp file, a lock released): nothing left to protect.
    const found = lstatSync(path, { throwIfNoEntry: false });
    if (found && !found.isSymbolicLink()) yield* entries(path, found);
  }
}

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

function makePrivate(dir: string): void {
  const uid = process.getuid?.();
  // No owners or modes to speak of (Windows).
  if (uid === undefined) return;
  const loose: Array<{ path: string; mode: number }> = [];
  for (const { path, stats } of entries(dir, statSync(dir))) {
    if (stats.uid !== uid) {
      throw new DataDirError(`${path} in DATA_DIR belongs to uid ${stats.uid}, not to uid ${uid} that runs PIPS; DATA_DIR must be this user's alone (chown -R)`);
    }
    if ((stats.mode & OTHERS_WRITE) !== 0) {
      throw new DataDirError(
        `${path} in DATA_DIR may be written by other users (mode ${octal(stats.mode)}), so its data cannot be trusted; check it, then make DATA_DIR private: chmod -R go-rwx ${dir}`,
      );
    }
    if ((stats.mode & OTHERS_ANY) !== 0) loose.push({ path, mode: stats.mode });
  }
  for (const { path, mode } of loose) chmodSync(path, mode & 0o700);
}
