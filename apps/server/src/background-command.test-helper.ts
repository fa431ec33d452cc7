import { spawn } from 'node:child_process';
import type { TestContext } from 'vitest';

/**
 * `command` run by bash in the background, as in a second terminal, until the test finishes:
 * then its process group (npm, the shell npm starts, the server) gets SIGTERM, and SIGKILL if it
 * is still there after `stopMs`. Answers the URL of the server's start-up line.
 */
export async function startInBackground(
  test: TestContext,
  command: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; readyMs: number; stopMs: number },
): Promise<string> {
  test.signal.throwIfAborted();
  const child = spawn('bash', ['-c', command], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const group = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // The group is gone.
    }
  };
  test.onTestFinished(async () => {
    group('SIGTERM');
    const killer = setTimeout(() => group('SIGKILL'), options.stopMs);
    await closed;
    clearTimeout(killer);
  }, options.stopMs + 10_000);

  let output = '';
  let pending = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`\`${command}\` did not listen within ${options.readyMs} ms:\n${output}`)), options.readyMs);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
      pending += text;
      for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (!line.startsWith('{')) continue; // npm's own banner
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg?.startsWith('PIPS listening') && entry.url) {
          clearTimeout(timer);
          resolve(entry.url);
        }
      }
    });
    void closed.then((code) => {
      clearTimeout(timer);
      reject(new Error(`\`${command}\` ended (${code}) before it listened:\n${output}`));
    });
  });
}
