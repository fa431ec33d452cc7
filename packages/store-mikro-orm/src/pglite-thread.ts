import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { CrossError, CrossQueryOptions, PgliteWorkerData, SignalState, WorkerReply, WorkerRequest } from './pglite-worker-messages';

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
  /**
   * The same, this thread blocked until the answer is there: nothing else runs on it meanwhile.
   * For a transaction's statements, which hold the session and should not wait behind other
   * requests' JavaScript; call it once the reads posted earlier are answered, so it never waits on them.
   * After answering, the worker stays blocked a moment for the next one, until a request not waited for (COMMIT).
   */
  protocolBlocking(message: Uint8Array): Uint8Array;
  query(sql: string, params: readonly unknown[], options: CrossQueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
  /** Closes PGlite once the calls already posted are answered, then ends the thread. */
  close(): Promise<void>;
  /** True once closing began, or once the thread died. */
  readonly closed: boolean;
  /** The thread as a readiness probe sees it, read from what this side already keeps: no message crosses. */
  state(): PgliteThreadState;
  /** Ends the thread abruptly, as a crash would (tests: what the store does when it dies). */
  kill(): Promise<void>;
}

export interface PgliteThreadState {
  /** False once the thread died or was closed. */
  readonly alive: boolean;
  /** Calls posted and not answered yet (a transaction's blocking statement is not among them). */
  readonly posted: number;
  /** How long the oldest of them has waited, in ms; null when there is none. */
  readonly oldestWaitMs: number | null;
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
  /** When it was posted (`performance.now()`). */
  at: number;
}

const WAITING: SignalState = 0;

/** Starts the worker and waits for it to open PGlite in `dataDir`. */
export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const signal = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const wake = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const { port1: replies, port2: repliesForWorker } = new MessageChannel();
  const workerData: PgliteWorkerData = { dataDir, signal, replies: repliesForWorker, wake };
  // The thread inherits Node's flags but loads a file: `--input-type` (for `node -e`) would refuse it.
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  const worker = new Worker(workerUrl(), { workerData, execArgv, transferList: [repliesForWorker] });
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
      pending.set(request.id, { resolve: resolve as (value: unknown) => void, reject, at: performance.now() });
      worker.postMessage(request, transfer);
      // A worker staying blocked for a transaction's next statement takes this one off its port too (COMMIT).
      Atomics.add(wake, 0, 1);
      Atomics.notify(wake, 0);
    });
  }

  function callBlocking(message: Uint8Array): Uint8Array {
    if (dead) throw dead;
    Atomics.store(signal, 0, WAITING);
    worker.postMessage({ id: nextId++, op: 'protocol', message, wait: true } satisfies WorkerRequest);
    // A worker staying for this transaction's next statement is blocked on `wake`, not on its port.
    Atomics.add(wake, 0, 1);
    Atomics.notify(wake, 0);
    // The wake-up of the previous answer may come late, into this wait: only a changed signal counts.
    while (Atomics.load(signal, 0) === WAITING) Atomics.wait(signal, 0, WAITING);
    const received = receiveMessageOnPort(replies)?.message as WorkerReply | undefined;
    if (!received) {
      // The thread ended (GONE) without answering.
      const stopped = new Error('the embedded database stopped while answering');
      die(stopped);
      throw stopped;
    }
    if (received.kind === 'error') throw errorOf(received.error);
    if (received.kind !== 'answer') throw new Error(`unexpected reply from the embedded database: ${received.kind}`);
    return received.value as Uint8Array;
  }

  let closed: Promise<void> | undefined;
  return {
    protocol: (message) => call({ id: nextId++, op: 'protocol', message }),
    protocolBlocking: callBlocking,
    query: (sql, params, options) => call({ id: nextId++, op: 'query', sql, params, options }),
    exec: (sql) => call({ id: nextId++, op: 'exec', sql }),
    close() {
      closed ??= (async () => {
        closing = true;
        try {
          // A thread that died has nothing left to flush.
          if (!dead) await call({ id: nextId++, op: 'close' });
        } finally {
          // The worker ends itself after closing PGlite; this makes sure of it, also when the close failed.
          await worker.terminate();
          replies.close();
        }
      })();
      return closed;
    },
    get closed() {
      return closing || dead !== undefined;
    },
    state() {
      // Answers come in posting order and a Map keeps insertion order: the first entry is the oldest.
      const oldest = pending.values().next().value;
      return { alive: !closing && dead === undefined, posted: pending.size, oldestWaitMs: oldest ? performance.now() - oldest.at : null };
    },
    async kill() {
      await worker.terminate();
    },
  };
}
