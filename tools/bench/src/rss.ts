import { readFileSync, writeFileSync } from 'node:fs';

/** A `kB` line of /proc/<pid>/status (`VmRSS`, `VmHWM`), in bytes. */
function statusBytes(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${key}:`));
  const kb = Number(/(\d+)\s*kB/.exec(line ?? '')?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no ${key} for process ${pid}`);
  return kb * 1024;
}

export const residentBytes = (pid: number): number => statusBytes(pid, 'VmRSS');

/**
 * Peak resident memory of `pid` while `work` runs. Linux keeps the peak (VmHWM) and lets the
 * owner reset it to the current size (`5` into clear_refs), so a short spike is never missed
 * between samples.
 */
export async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; idle: number; peak: number }> {
  const idle = residentBytes(pid);
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const result = await work();
  return { result, idle, peak: statusBytes(pid, 'VmHWM') };
}
