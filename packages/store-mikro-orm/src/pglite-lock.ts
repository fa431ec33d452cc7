import { open, readFile, unlink } from 'node:fs/promises';
import { StoreOpenError } from './open-error';

/** Held while one process has the embedded database open; `release` is idempotent. */
export interface PgliteLock {
  release(): Promise<void>;
}

export const lockFileOf = (dataDir: string): string => `${dataDir}.lock`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function ownerOf(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

async function create(file: string): Promise<boolean> {
  try {
    // Its owner's alone, whatever the process's umask, as everything beside the database.
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.writeFile(String(process.pid));
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * PGlite is one process's database: a second process opening the same directory works on its
 * own copy in memory and its writes are lost. So whoever opens it first holds `<dataDir>.lock`
 * (its pid); a lock whose process is gone is stale and taken over.
 */
export async function lockPglite(dataDir: string): Promise<PgliteLock> {
  const file = lockFileOf(dataDir);
  for (let tries = 0; tries < 2; tries++) {
    if (await create(file)) {
      let held = true;
      return {
        async release() {
          if (!held) return;
          held = false;
          await unlink(file).catch(() => undefined);
        },
      };
    }
    const owner = await ownerOf(file);
    if (owner !== null && isAlive(owner)) {
      throw new StoreOpenError(
        'database_in_use',
        `The embedded database in ${dataDir} is in use by process ${owner}; stop the server first, or use DATABASE_URL=postgres://…`,
      );
    }
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`Could not take the lock ${file} on the embedded database in ${dataDir}`);
}
