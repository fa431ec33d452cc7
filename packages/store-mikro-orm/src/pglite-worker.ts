/**
 * The embedded database's own thread: it owns the PGlite instance and answers the store's thread
 * one request at a time, in the order they arrive. Loaded by `new Worker(…)` both from `dist`
 * (built) and from `src` (Node strips the types), so it imports packages only, and this
 * package's modules as types.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPostgreSqlTypeParsers } from '@mikro-orm/sql';
import array from 'postgres-array';
import type { CrossError, PgliteWorkerData, WorkerReply, WorkerRequest } from './pglite-worker-messages';

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
const { dataDir } = workerData as PgliteWorkerData;

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** An error's message and its own fields (PostgreSQL's code, constraint, …; an fs error's code). */
function crossError(error: unknown): CrossError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number | undefined> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

async function answer(db: PGlite, request: WorkerRequest): Promise<void> {
  try {
    switch (request.op) {
      case 'protocol': {
        // Errors are in the bytes (an ErrorResponse); the store's thread parses them.
        const raw = await db.execProtocolRaw(request.message);
        reply({ kind: 'answer', id: request.id, value: raw }, [raw.buffer as ArrayBuffer]);
        return;
      }
      case 'query': {
        const { rows, affectedRows, fields } = await db.query(request.sql, [...request.params], request.options);
        reply({ kind: 'answer', id: request.id, value: { rows, affectedRows, fields } });
        return;
      }
      case 'exec': {
        const results = await db.exec(request.sql);
        reply({ kind: 'answer', id: request.id, value: results.map(({ rows, affectedRows, fields }) => ({ rows, affectedRows, fields })) });
        return;
      }
      case 'close':
        await db.close();
        reply({ kind: 'answer', id: request.id, value: null });
        port.close();
        return;
    }
  } catch (error) {
    reply({ kind: 'error', id: request.id, error: crossError(error) });
  }
}

let db: PGlite | undefined;
try {
  db = await PGlite.create({
    dataDir,
    // PGlite loads an extension's code only when opened with it; the migrations create pg_trgm,
    // and every trigram index needs its code to be read or written.
    extensions: { pg_trgm },
    // What MikroORM gives the instance it makes itself, so its queries parse alike.
    parsers: createPostgreSqlTypeParsers((text) => array.parse(text)),
  });
} catch (error) {
  // The store's thread reports it and ends this thread.
  reply({ kind: 'failedToOpen', error: crossError(error) });
  port.close();
}

// One request at a time, in arrival order: a query's awaits must not let the next request in.
let tail: Promise<void> = Promise.resolve();
if (db) {
  const opened = db;
  port.on('message', (request: WorkerRequest) => {
    tail = tail.then(() => answer(opened, request));
  });
  reply({ kind: 'ready' });
}
