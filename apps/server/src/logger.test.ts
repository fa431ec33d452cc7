import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOGGER = fileURLToPath(new URL('./logger.ts', import.meta.url));

/** Runs a process that logs one line larger than a pipe holds, then exits by `exit`. */
function logThenExit(exit: string): Promise<{ code: number | null; stdout: string }> {
  const script = [
    `import { createLogger, exitAfterLogs } from ${JSON.stringify(LOGGER)};`,
    `const logger = createLogger('info');`,
    `logger.info({ filler: 'x'.repeat(1 << 20) }, 'last line');`,
    exit,
  ].join('\n');
  return new Promise((resolve) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 4 << 20 }, (error, stdout) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout });
    });
  });
}

describe('exitAfterLogs', () => {
  it('exits with the code once the last line is written whole', async () => {
    const done = await logThenExit('exitAfterLogs(logger, 3);');
    expect(done.code).toBe(3);
    const lines = done.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ msg: 'last line' });
  });
});
