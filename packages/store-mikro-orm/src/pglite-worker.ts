/**
 * The embedded database's own thread: it owns the PGlite instance and answers the store's thread
 * one request at a time, in the order they arrive. Loaded by `new Worker(…)` both from `dist`
 * (built) and from `src` (Node strips the types), so it imports packages only, and this
 * package's modules as types.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPostgreSqlTypeParsers } from '@mikro-orm/sql';
import array from 'postgres-array';
import type { CrossError, PgliteWorkerData, SignalState, WorkerReply, WorkerRequest } from './pglite-worker-messages';

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
const { dataDir, signal, replies, wake } = workerData as PgliteWorkerData;
const ANSWERED: SignalState = 1;
const GONE: SignalState = 2;

const replyToPort = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** To a request the store's thread is blocked on: the reply first, then the wake-up. */
function replyToWaiting(message: WorkerReply, transfer: ArrayBuffer[] = []) {
  replies.postMessage(message, transfer);
  Atomics.store(signal, 0, ANSWERED);
  Atomics.notify(signal, 0);
}

// A thread that ends (closed, or failing) must not leave the store's thread waiting.
process.on('exit', () => {
  Atomics.store(signal, 0, GONE);
  Atomics.notify(signal, 0);
});

/** An error's message and its own fields (PostgreSQL's code, constraint, …; an fs error's code). */
function crossError(error: unknown): CrossError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/**
 * A buffer of protocol messages. Through `execProtocol`, not `execProtocolRawSync`: the raw call
 * still parses every answer into PGlite's list of results, which only `execProtocol` empties, so
 * the list grows with every statement (measured: 230 MB of heap per 2,000 answers of 100 kB, each
 * statement slower than the last). `syncToFs` does nothing on the Node file system PGlite writes
 * through to; PostgreSQL's errors stay in the bytes, which the store's thread parses.
 */
async function answerProtocol(db: PGlite, request: Extract<WorkerRequest, { op: 'protocol' }>): Promise<void> {
  const reply = request.wait ? replyToWaiting : replyToPort;
  try {
    const { data } = await db.execProtocol(request.message, { throwOnError: false, syncToFs: false });
    reply({ kind: 'answer', id: request.id, value: data }, [data.buffer as ArrayBuffer]);
  } catch (error) {
    reply({ kind: 'error', id: request.id, error: crossError(error) });
  }
}

async function answerOther(db: PGlite, request: Exclude<WorkerRequest, { op: 'protocol' }>): Promise<void> {
  try {
    switch (request.op) {
      case 'query': {
        const { rows, affectedRows, fields } = await db.query(request.sql, [...request.params], request.options);
        replyToPort({ kind: 'answer', id: request.id, value: { rows, affectedRows, fields } });
        return;
      }
      case 'exec': {
        const results = await db.exec(request.sql);
        replyToPort({ kind: 'answer', id: request.id, value: results.map(({ rows, affectedRows, fields }) => ({ rows, affectedRows, fields })) });
        return;
      }
      case 'close':
        await db.close();
        replyToPort({ kind: 'answer', id: request.id, value: null });
        port.close();
        return;
    }
  } catch (error) {
    replyToPort({ kind: 'error', id: request.id, error: crossError(error) });
  }
}

/** How long the thread waits, blocked, for a transaction's next statement before going back to its event loop. */
const STAY_MS = 2;

/**
 * Answers `request`; after a transaction's statement (one the store's thread is blocked on) the
 * thread stays blocked on `wake` for the next request and takes it straight off the port: the
 * session is the transaction's, and a round trip through both event loops costs more than the
 * statement. A request not waited for (the transaction's COMMIT or ROLLBACK) ends the stay.
 */
async function answer(db: PGlite, request: WorkerRequest): Promise<void> {
  if (request.op !== 'protocol') return answerOther(db, request);
  await answerProtocol(db, request);
  let answered = request;
  while (answered.wait) {
    const seen = Atomics.load(wake, 0);
    const next = receiveMessageOnPort(port)?.message as WorkerRequest | undefined;
    if (next === undefined) {
      if (Atomics.wait(wake, 0, seen, STAY_MS) === 'timed-out') return;
      continue;
    }
    if (next.op !== 'protocol') return answerOther(db, next);
    await answerProtocol(db, next);
    answered = next;
  }
}

/** Two segments of 16 MB, the least PostgreSQL accepts, and four. */
const MIN_WAL_SIZE = '32MB';
const MAX_WAL_SIZE = '64MB';

let db: PGlite | undefined;
try {
  db = await PGlite.create({
    dataDir,
    // PGlite loads an extension's code only when opened with it; the migrations create pg_trgm,
    // and every trigram index needs its code to be read or written.
    extensions: { pg_trgm },
    // Single-user PostgreSQL never checkpoints on its own: the upkeep does (`upkeep.ts`). After a
    // checkpoint, old WAL is kept for reuse between these two bounds (PostgreSQL's own, 80 MB and
    // 1 GB, would be most of a small service's DATA_DIR; and in single-user mode `max_wal_size`
    // bounds nothing else, since no checkpoint is ever requested by WAL volume).
    startParams: [...PGlite.defaultStartParams, '-c', `min_wal_size=${MIN_WAL_SIZE}`, '-c', `max_wal_size=${MAX_WAL_SIZE}`],
    // What MikroORM gives the instance it makes itself, so its queries parse alike.
    parsers: createPostgreSqlTypeParsers((text) => array.parse(text)),
  });
} catch (error) {
  // The store's thread reports it and ends this thread.
  replyToPort({ kind: 'failedToOpen', error: crossError(error) });
  port.close();
}

// One request at a time, in arrival order: a query's awaits must not let the next request in.
let tail: Promise<void> = Promise.resolve();
if (db) {
  const opened = db;
  port.on('message', (request: WorkerRequest) => {
    tail = tail.then(() => answer(opened, request));
  });
  replyToPort({ kind: 'ready' });
}
