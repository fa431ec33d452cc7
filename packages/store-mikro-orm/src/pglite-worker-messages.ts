/**
 * What the store's thread and the embedded database's worker thread say to each other. Types only:
 * the worker loads no module of this package at run time (see `pglite-worker.ts`).
 */
import type { MessagePort } from 'node:worker_threads';

/** How the worker opens PGlite, and where it answers a request the store's thread waits for. */
export interface PgliteWorkerData {
  readonly dataDir: string;
  /**
   * `signal[0]` (`SignalState`): 0 while a waited-for request runs; 1 once it is answered (the reply
   * is on `replies`); 2 once the thread is gone. Both sides spell the values out: the worker loads
   * nothing of this package.
   */
  readonly signal: Int32Array;
  readonly replies: MessagePort;
  /** Bumped and notified with each request, for a worker staying blocked for a transaction's next statement. */
  readonly wake: Int32Array;
}

export type SignalState = 0 | 1 | 2;

/** PGlite's `query` options that cross the thread (functions cannot). */
export interface CrossQueryOptions {
  readonly rowMode?: 'array' | 'object';
}

export type WorkerRequest =
  /**
   * A buffer of protocol messages; the answer is PGlite's raw answer bytes, transferred back.
   * `wait`: the store's thread is blocked on `signal` for it, and reads it from `replies`.
   */
  | { readonly id: number; readonly op: 'protocol'; readonly message: Uint8Array; readonly wait?: boolean }
  | { readonly id: number; readonly op: 'query'; readonly sql: string; readonly params: readonly unknown[]; readonly options: CrossQueryOptions }
  | { readonly id: number; readonly op: 'exec'; readonly sql: string }
  /** Closes PGlite (its data flushed); the thread ends after answering. */
  | { readonly id: number; readonly op: 'close' };

/** An error as it crosses: its message and PostgreSQL's fields (code, constraint, detail, …). */
export interface CrossError {
  readonly name: string;
  readonly message: string;
  readonly fields: Readonly<Record<string, string | number | undefined>>;
}

export type WorkerReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'failedToOpen'; readonly error: CrossError }
  | { readonly kind: 'answer'; readonly id: number; readonly value: unknown }
  | { readonly kind: 'error'; readonly id: number; readonly error: CrossError };
