import type { Config } from '../config';
import type { OpenedStore } from '../open-store';
import type { AdminOperation } from './admin-operation';
import { callServer } from './admin-client';
import { adminServices } from './admin-services';
import { adminSocketPath } from './admin-socket-path';
import { openInputFile, type InputFile } from './input-file';

async function* nothing(): AsyncIterable<Uint8Array> {}

export interface AdminRun {
  readonly config: Config;
  readonly openStore: (config: Config) => Promise<OpenedStore>;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/**
 * Runs `operation`: inside the running server when one holds the embedded database (it alone
 * may open it), else here on a store of our own. Returns the exit code; a refusal is thrown
 * (`AdminFailure` or the domain's error) for the caller to print.
 */
export async function runAdmin(run: AdminRun, operation: AdminOperation, args: Readonly<Record<string, string>>, inputPath: string | null): Promise<number> {
  // The file is opened first, whoever runs the operation: the CLI's user must be able to read it.
  const input: InputFile | null = inputPath === null ? null : await openInputFile(inputPath);
  try {
    if (run.config.databaseUrl === undefined) {
      const reply = await callServer(adminSocketPath(run.config.dataDir), operation.name, args, input?.chunks() ?? null);
      if (reply) {
        run.out(reply.out);
        run.err(reply.err);
        return reply.exitCode;
      }
    }
    const opened = await run.openStore(run.config);
    try {
      const { out } = await operation.run(adminServices(opened, run.config), args, input?.chunks() ?? nothing());
      run.out(out);
      return 0;
    } finally {
      await opened.blobs.close();
      await opened.store.close();
    }
  } finally {
    await input?.close();
  }
}
