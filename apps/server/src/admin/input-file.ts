import { open, type FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AdminFailure } from './admin-operation';

/** What the CLI reads a command's file from: a regular file, or a pipe (`<(…)`, `/dev/stdin` fed by a pipe). */
export interface InputFile {
  readonly path: string;
  /** The bytes, a chunk at a time; a read that fails ends them with a one-line `AdminFailure`. */
  chunks(): AsyncIterable<Uint8Array>;
  close(): Promise<void>;
}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a directory',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EISDIR: 'it is a directory, not a file',
};

function cannotRead(path: string, error: unknown): AdminFailure {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const reason = REASONS[code] ?? (error instanceof Error ? error.message : String(error));
  return new AdminFailure([`error: cannot read ${path}: ${reason}`]);
}

/**
 * Where a relative path is read from: the directory `npm run pips` was called in (npm runs a script
 * from the package root and names the caller's directory `INIT_CWD`), else the process's own.
 */
export function callerDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.npm_lifecycle_event === 'pips' && env.INIT_CWD ? env.INIT_CWD : process.cwd();
}

/**
 * Opens the file a command names, before anything else is done, so every way it can be wrong is
 * one line: missing, not readable, a directory, a device or a socket. A pipe is read as it comes
 * (opening one waits for its writer, as `cat` does).
 */
export async function openInputFile(path: string, directory = callerDirectory()): Promise<InputFile> {
  let handle: FileHandle;
  try {
    handle = await open(resolve(directory, path), 'r');
  } catch (error) {
    throw cannotRead(path, error);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new AdminFailure([`error: cannot read ${path}: it is a directory, not a file`]);
    if (!stats.isFile() && !stats.isFIFO()) throw new AdminFailure([`error: cannot read ${path}: it is not a file or a pipe`]);
  } catch (error) {
    await handle.close();
    throw error instanceof AdminFailure ? error : cannotRead(path, error);
  }
  return {
    path,
    async *chunks() {
      try {
        for await (const chunk of handle.createReadStream({ autoClose: false })) yield chunk as Buffer;
      } catch (error) {
        throw cannotRead(path, error);
      }
    },
    close: () => handle.close().catch(() => undefined),
  };
}
