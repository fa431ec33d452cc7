import { Worker } from 'node:worker_threads';
import type { CrossError, CrossQueryOptions, PgliteWorkerData, WorkerReply, WorkerRequest } from './pglite-worker-messages';

/** What PGlite's `query` answers, as it crosses the thread. */
export interface QueryResult {
  rows: unknown[];
  affectedRows?: number;
  fields: Array<{ name: string; dataTypeID: number }>;
}

/**
 * The embedded database on its worker thread. Each call is posted at once and the worker answers
 * in posting order; ordering calls against each other (transactions) is the caller's business.
 */
export interface PgliteThread {
  /** A buffer of protocol messages → PGlite's raw answer bytes (an ErrorResponse is in them, not thrown). */
  protocol(message: Uint8Array): Promise<Uint8Array>;
  query(sql: string, params: readonly unknown[], options: CrossQueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
  /** Closes PGlite once the calls already posted are answered, then ends the thread. */
  close(): Promise<void>;
  /** True once closing began, or once the thread died. */
  readonly closed: boolean;
  /** Ends the thread abruptly, as a crash would (tests: what the store does when it dies). */
  kill(): Promise<void>;
}

/** Under vitest this module runs from `src` and the worker is TypeScript; built, both are in `dist`. */
const workerUrl = () => new URL(import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);

/** An error from the worker, with PostgreSQL's fields back on it, so `translateError` reads it as the driver's own. */
function errorOf(cross: CrossError): Error {
  const error = new Error(cross.message);
  error.name = cross.name;
  return Object.assign(error, cross.fields);
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** Starts the worker and waits for it to open PGlite in `dataDir`. */
export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const workerData: PgliteWorkerData = { dataDir };
  // The thread inherits Node's flags but loads a file: `--input-type` (for `node -e`) would refuse it.
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  const worker = new Worker(workerUrl(), { workerData, execArgv });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closing = false;
  /** Set once the thread is gone: every call after fails with it. */
  let dead: Error | undefined;

  function die(error: Error) {
    dead ??= error;
    for (const waiting of pending.values()) waiting.reject(dead);
    pending.clear();
  }

  const opened = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: WorkerReply) => {
      if (reply.kind === 'ready') return resolve();
      if (reply.kind === 'failedToOpen') return reject(errorOf(reply.error));
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.kind === 'answer') waiting?.resolve(reply.value);
      else waiting?.reject(errorOf(reply.error));
    });
    worker.on('error', (error) => {
      die(new Error(`the embedded database stopped: ${error.message}`, { cause: error }));
      reject(error);
    });
    worker.on('exit', (code) => {
      die(new Error(closing ? 'the embedded database is closed' : `the embedded database stopped (its thread exited with code ${code})`));
      reject(new Error(`the embedded database's thread exited with code ${code} while opening`));
    });
  });
  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  function call<T>(request: WorkerRequest, transfer: ArrayBuffer[] = []): Promise<T> {
    if (dead) return Promise.reject(dead);
    return new Promise<T>((resolve, reject) => {
      pending.set(request.id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage(request, transfer);
    });
  }

  let closed: Promise<void> | undefined;
  return {
    protocol: (message) => call({ id: nextId++, op: 'protocol', message }),
    query: (sql, params, options) => call({ id: nextId++, op: 'query', sql, params, options }),
    exec: (sql) => call({ id: nextId++, op: 'exec', sql }),
    close() {
      closed ??= (async () => {
        closing = true;
        // A thread that died has nothing left to flush.
        if (dead) return;
        try {
          await call({ id: nextId++, op: 'close' });
        } finally {
          // The worker ends itself after closing PGlite; this makes sure of it, also when the close failed.
          await worker.terminate();
        }
      })();
      return closed;
    },
    get closed() {
      return closing || dead !== undefined;
    },
    async kill() {
      await worker.terminate();
    },
  };
}
