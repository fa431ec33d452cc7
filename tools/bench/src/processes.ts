import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitFor(url: string, timeoutMs = 30_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`process exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface Running {
  url: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Starts a node script as a child process and stops it with SIGTERM. A child that is not ready in
 * time is stopped before the error is thrown, so a failed run leaves no server behind.
 */
export async function startProcess(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPath: string,
  port: number,
  readyTimeoutMs = 30_000,
): Promise<Running & { pid: number | undefined }> {
  const child: ChildProcess = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(url + readyPath, readyTimeoutMs, child);
  } catch (error) {
    await stopChild(child);
    throw Object.assign(error as Error, { pid: child.pid });
  }
  return { url, pid: child.pid, stop: () => stopChild(child) };
}
