import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The bytes of every file under `dir` (their lengths; links are not followed). */
export async function directorySize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(path);
    else if (entry.isFile()) total += (await lstat(path)).size;
  }
  return total;
}
