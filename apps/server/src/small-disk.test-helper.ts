import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'vitest';

/** Mounting needs root (CAP_SYS_ADMIN); elsewhere the suites that mount are skipped, saying so. */
export const canMount = process.getuid?.() === 0;

/** A tmpfs of `sizeMb` at a new folder, unmounted and removed when the test ends. */
export function smallDisk(test: TestContext, sizeMb: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'pips-disk-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir]);
  test.onTestFinished(() => {
    execFileSync('umount', ['-l', dir]);
    rmdirSync(dir);
  });
  return dir;
}

/** Writes zeros to `path` until the disk is full. */
export function fill(path: string): void {
  const fd = openSync(path, 'w', 0o600);
  const chunk = Buffer.alloc(1 << 20);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

export function sizeMbOf(dir: string): number {
  return Math.ceil(Number(execFileSync('du', ['-sk', dir]).toString().split('\t')[0]) / 1024);
}

/** Polls `url` until it answers `status`; answers that answer's body. */
export async function bodyOnceStatus(url: URL, status: number, boundMs = 120_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const reply = await fetch(url, { signal: AbortSignal.timeout(boundMs) }).catch(() => undefined);
    const text = (await reply?.text()) ?? '';
    if (reply?.status === status) return text;
    if (Date.now() - started > boundMs) throw new Error(`${url.pathname} did not answer ${status} within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
