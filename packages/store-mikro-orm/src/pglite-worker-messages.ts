/**
 * What the store's thread and the embedded database's worker thread say to each other. Types only:
 * the worker loads no module of this package at run time (see `pglite-worker.ts`).
 */

/** How the worker opens PGlite. */
export interface PgliteWorkerData {
  readonly dataDir: string;
}

/** PGlite's `query` options that cross the thread (functions cannot). */
export interface CrossQueryOptions {
  readonly rowMode?: 'array' | 'object';
}

export type WorkerRequest =
  /** A buffer of protocol messages; the answer is PGlite's raw answer bytes, transferred back. */
  | { readonly id: number; readonly op: 'protocol'; readonly message: Uint8Array }
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
