import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './cli';

export interface AttachOptions {
  /** The owner's API path: `part/12`. */
  parent: string;
  title: string;
  /** The file's name, from which the CLI guesses its media type. */
  filename: string;
  content: string;
  noteType?: string;
}

/**
 * Attaches a file through the built CLI (`pips attach`), the way attachments come in: on the
 * embedded database the running server takes it over its socket in DATA_DIR; on PostgreSQL the
 * CLI writes it itself. `env` names the engine's data as the server's (DATA_DIR or DATABASE_URL);
 * the memory engine keeps its data in the server and cannot take one. Answers the attachment's id.
 */
export async function attachThroughCli(env: NodeJS.ProcessEnv, options: AttachOptions): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'pips-bench-attach-'));
  try {
    const file = join(dir, options.filename);
    await writeFile(file, options.content);
    const args = ['attach', '--parent', options.parent, '--title', options.title, ...(options.noteType ? ['--note-type', options.noteType] : []), file];
    const stdout = await runCli(env, args);
    const id = /^attachment (\d+):/.exec(stdout)?.[1];
    if (id === undefined) throw new Error(`pips attach answered no attachment id: ${stdout}`);
    return Number(id);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
