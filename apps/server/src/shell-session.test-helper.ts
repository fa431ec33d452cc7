import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'vitest';

export interface Ran {
  /** The exit status of the block's last command. */
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ShellSession {
  /** Runs `text` as it is, in this one shell (so variables it sets stay set), to its end. */
  run(text: string, timeoutMs: number): Promise<Ran>;
}

/**
 * One bash for a whole walk through a document, as a reader keeps one terminal: each block is
 * written to a file of its own and `source`d, its text untouched, with stdin from /dev/null (a
 * command must not read the next block); a line with a mark of this session's own, printed
 * after it on stdout and stderr, ends its output. Ended, with whatever it still runs, when the
 * test finishes.
 */
export async function openShellSession(test: TestContext, cwd: string, env: NodeJS.ProcessEnv): Promise<ShellSession> {
  const scripts = await mkdtemp(join(tmpdir(), 'pips-shell-'));
  test.onTestFinished(() => rm(scripts, { recursive: true, force: true }));
  const bash = spawn('bash', ['--noprofile', '--norc'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const closed = new Promise<void>((resolve) => bash.once('close', () => resolve()));
  test.onTestFinished(async () => {
    // Its own process group: a command it still runs goes with it.
    if (bash.pid !== undefined && bash.exitCode === null && bash.signalCode === null) {
      try {
        process.kill(-bash.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await closed;
  }, 30_000);

  const mark = `__pips_shell_${randomBytes(8).toString('hex')}__`;
  let stdout = '';
  let stderr = '';
  let wake = () => {};
  // Decoded as a stream, so a character split between two chunks arrives whole.
  bash.stdout.setEncoding('utf8').on('data', (chunk: string) => ((stdout += chunk), wake()));
  bash.stderr.setEncoding('utf8').on('data', (chunk: string) => ((stderr += chunk), wake()));
  void closed.then(() => wake());
  const outEnd = new RegExp(`\\n${mark} (\\d+)\\n$`);
  const errEnd = `\n${mark}\n`;
  let count = 0;

  return {
    async run(text, timeoutMs) {
      count += 1;
      const file = join(scripts, `block-${count}.sh`);
      await writeFile(file, text);
      stdout = stderr = '';
      bash.stdin.write(`source '${file}' </dev/null; printf '\\n%s %s\\n' '${mark}' "$?"; printf '\\n%s\\n' '${mark}' >&2\n`);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ended = outEnd.exec(stdout);
        if (ended && stderr.endsWith(errEnd)) {
          return { status: Number(ended[1]), stdout: stdout.slice(0, ended.index), stderr: stderr.slice(0, -errEnd.length) };
        }
        if (bash.exitCode !== null || bash.signalCode !== null) {
          throw new Error(`the shell ended (${bash.exitCode ?? bash.signalCode}) running:\n${text}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`still running after ${timeoutMs} ms:\n${text}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => (clearTimeout(timer), resolve());
        });
      }
    },
  };
}
