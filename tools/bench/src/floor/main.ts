/**
 * A floor: the least server that answers the bench's requests with PIPS's documents, on the same
 * data. Started by the bench as a child process, as PIPS is.
 *
 *   FLOOR_ENGINE=postgresql DATABASE_URL=postgres://…   node:http + a pg Pool of FLOOR_POOL_MAX (10 unless told)
 *   FLOOR_ENGINE=pglite     DATA_DIR=…                  node:http + PGlite in process on DATA_DIR/pglite
 *   FLOOR_ENGINE=memory     FLOOR_DOCUMENTS=file.json   node:http answering the documents PIPS answered
 *
 * PORT, and FLOOR_TOKEN (the token in the paths; `bench`).
 */
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { join } from 'node:path';
import { openPglite, openPostgres, type Db } from './db';
import { dbHandler, staticHandler, type Captured } from './handler';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function main() {
  const engine = required('FLOOR_ENGINE');
  const token = process.env.FLOOR_TOKEN ?? 'bench';
  let db: Db | undefined;
  let handler: RequestListener;
  if (engine === 'postgresql') {
    db = openPostgres(required('DATABASE_URL'), Number(process.env.FLOOR_POOL_MAX ?? 10));
    handler = dbHandler(db, token);
  } else if (engine === 'pglite') {
    // PIPS holds its DATA_DIR while it runs: the bench gives the floor a copy of it.
    db = await openPglite(join(required('DATA_DIR'), 'pglite'));
    handler = dbHandler(db, token);
  } else if (engine === 'memory') {
    const documents = JSON.parse(readFileSync(required('FLOOR_DOCUMENTS'), 'utf8')) as Record<string, Captured>;
    handler = staticHandler(documents, token);
  } else {
    throw new Error(`unknown FLOOR_ENGINE ${engine}`);
  }
  const server = createServer(handler);
  server.listen(Number(required('PORT')), '127.0.0.1');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    (db?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
