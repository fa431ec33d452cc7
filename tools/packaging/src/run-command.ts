import { execFile } from 'node:child_process';

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** The command is killed past this; default 5 minutes. */
  timeoutMs?: number;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** The last `lines` lines of `text`: enough of a long log to see why it failed. */
const tail = (text: string, lines = 60): string => text.trimEnd().split('\n').slice(-lines).join('\n');

/** Runs `command` to its end; a failure (exit status, signal, limit) is an error carrying the tail of both outputs. */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, env: options.env ?? process.env, timeout: options.timeoutMs ?? 300_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr });
        const how = error.killed ? `was stopped (${error.signal ?? 'limit'})` : `exited with ${String(error.code)}`;
        reject(new Error(`${[command, ...args].join(' ')} ${how} in ${options.cwd}\n--- stdout\n${tail(stdout)}\n--- stderr\n${tail(stderr)}`));
      },
    );
  });
}
