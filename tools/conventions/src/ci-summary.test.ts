import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './workspaces';

// The CI reader takes the first line of .ci/summary.mjs as the verdict; its shape is a contract.
const dir = mkdtempSync(join(tmpdir(), 'pips-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function summarise(report: object | null): { lines: string[]; code: number } {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  if (report) writeFileSync(file, JSON.stringify(report));
  try {
    const out = execFileSync(process.execPath, [join(root, '.ci/summary.mjs'), file], { encoding: 'utf8' });
    return { lines: out.trim().split('\n'), code: 0 };
  } catch (error) {
    const failure = error as { stdout: string; status: number };
    return { lines: failure.stdout.trim().split('\n'), code: failure.status };
  }
}

describe('.ci/summary.mjs', () => {
  it('prints the counts of a clean run and exits 0', () => {
    expect(summarise({ success: true, numPassedTests: 3, numFailedTests: 0, testResults: [] })).toEqual({
      lines: ['3 passed, 0 failed'],
      code: 0,
    });
    const skipped = summarise({ success: true, numPassedTests: 3, numFailedTests: 0, numPendingTests: 2, testResults: [] });
    expect(skipped.lines).toEqual(['3 passed, 0 failed, 2 skipped']);
  });

  it('counts failing tests', () => {
    expect(summarise({ success: false, numPassedTests: 3, numFailedTests: 2, testResults: [] })).toEqual({
      lines: ['3 passed, 2 failed'],
      code: 1,
    });
  });

  it('counts a failed run with no failed test as one failure, and says why', () => {
    const result = summarise({ success: false, numPassedTests: 5, numFailedTests: 0, testResults: [] });
    expect(result.code).toBe(1);
    expect(result.lines[0]).toBe('5 passed, 1 failed');
    expect(result.lines[1]).toMatch(/outside any test/);
  });

  it('fails when there is no report', () => {
    const result = summarise(null);
    expect(result.code).toBe(1);
    expect(result.lines[0]).toBe('0 passed, 1 failed');
  });
});
