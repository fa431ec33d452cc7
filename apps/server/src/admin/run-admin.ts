import { createReadStream } from 'node:fs';
import { access, constants } from 'node:fs/promises';
import type { Config } from '../config';
import type { OpenedStore } from '../open-store';
import type { AdminOperation } from './admin-operation';
import { callServer } from './admin-client';
import { adminServices } from './admin-services';
import { adminSocketPath } from './admin-socket-path';

async function* nothing(): AsyncIterable<Uint8Array> {}

export interface AdminRun {
  readonly config: Config;
  readonly openStore: (config: Config) => Promise<OpenedStore>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/**
 * Runs `operation`: inside the running server when one holds the embedded database (it alone
 * may open it), else here on a store of our own. Returns the exit code.
 */
export async function runAdmin(run: AdminRun, operation: AdminOperation, args: Readonly<Record<string, string>>, inputPath: string | null): Promise<number> {
  if (inputPath !== null) {
    const readable = await access(inputPath, constants.R_OK).then(() => true, () => false);
    if (!readable) {
      run.err(`error: cannot read ${inputPath}\n`);
      return 1;
    }
  }
  if (run.config.databaseUrl === undefined) {
    const reply = await callServer(adminSocketPath(run.config.dataDir), operation.name, args, inputPath);
    if (reply) {
      run.out(reply.out);
      run.err(reply.err);
      return reply.exitCode;
    }
  }
  const opened = await run.openStore(run.config);
  try {
    const input = inputPath === null ? nothing() : createReadStream(inputPath);
    const { out } = await operation.run(adminServices(opened, run.config), args, input);
    run.out(out);
    return 0;
  } finally {
    await opened.blobs.close();
    await opened.store.close();
  }
}
