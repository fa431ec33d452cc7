import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBaseline } from './baseline';
import { freePort, startProcess } from './processes';
import { engines } from './server';

const dir = mkdtempSync(join(tmpdir(), 'pips-bench-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startProcess', () => {
  it('stops a child that is not ready in time', async () => {
    const script = join(dir, 'never-ready.mjs');
    writeFileSync(script, 'setInterval(() => {}, 1000);\n');
    const port = await freePort();
    const failure = await startProcess(script, [], {}, '/', port, 300).catch((error: unknown) => error as Error & { pid?: number });
    expect(failure).toBeInstanceOf(Error);
    expect(failure.pid).toBeGreaterThan(0);
    expect(alive(failure.pid ?? 0)).toBe(false);
  });
});

describe('startBaseline', () => {
  it('removes its temporary directory when stopped', async () => {
    const baseline = await startBaseline('<a/>');
    expect(await (await fetch(baseline.url)).text()).toBe('<a/>');
    expect(existsSync(baseline.dir)).toBe(true);
    await baseline.stop();
    expect(existsSync(baseline.dir)).toBe(false);
  });
});

describe('engines', () => {
  it('creates nothing until an engine is prepared', () => {
    const before = new Set(readTmp());
    const list = engines({});
    expect(list.map((e) => e.name)).toEqual(['memory', 'pglite']);
    expect(readTmp().filter((name) => !before.has(name))).toEqual([]);
    const prepared = list[1]!.prepare();
    expect(existsSync(String(prepared.env.DATA_DIR))).toBe(true);
    prepared.cleanup();
    expect(existsSync(String(prepared.env.DATA_DIR))).toBe(false);
  });
});

function readTmp(): string[] {
  return readdirSync(tmpdir()).filter((n) => n.startsWith('pips-bench-data-'));
}
