import { chmod, unlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isPipsError } from '@pips/domain';
import type { Logger } from 'pino';
import { AdminFailure, type AdminOperation, type AdminServices } from './admin-operation';
import { adminOperations } from './admin-operations';
import { printedLines, refusalText } from './failure-text';

/**
 * The most a command's options may take, encoded, in the request's header. An option past the
 * domain's limits must still reach the domain, which says what is wrong with it as it would to
 * the CLI on a stopped server: this is well past any value a command line can carry.
 */
const MAX_ARGS_BYTES = 16 * 1_048_576;

/** What crosses the socket back to the CLI. */
export interface AdminReply {
  readonly exitCode: number;
  readonly out: string;
  readonly err: string;
}

export interface AdminListener {
  close(): Promise<void>;
}

function argsOf(request: IncomingMessage): Record<string, string> {
  const header = request.headers['x-pips-args'];
  let parsed: unknown = {};
  try {
    if (typeof header === 'string') parsed = JSON.parse(decodeURIComponent(header));
  } catch {
    throw new AdminFailure(['error: the command\'s options did not arrive whole']);
  }
  if (parsed === null || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Runs the operation asked for; never rejects: whatever happens is the reply. */
async function answer(request: IncomingMessage, services: AdminServices, logger: Logger, operations: ReadonlyMap<string, AdminOperation>): Promise<AdminReply> {
  const operation = operations.get((request.url ?? '').replace(/^\/+/, ''));
  if (request.method !== 'POST' || !operation) return { exitCode: 1, out: '', err: printedLines([`error: this server has no operation ${request.url ?? ''}`]) };
  try {
    const { out } = await operation.run(services, argsOf(request), request);
    return { exitCode: 0, out, err: '' };
  } catch (error) {
    const refused = refusalText(error);
    // A full disk is the server's state, not the operator's mistake: one line, as a request refused for it has.
    if (isPipsError(error) && error.code === 'storage_full') logger.error({ code: error.code, operation: operation.name }, error.message);
    if (refused !== null) return { exitCode: 1, out: '', err: refused };
    logger.error({ err: error, operation: operation.name }, 'CLI operation failed');
    return { exitCode: 1, out: '', err: 'error: the server could not run the operation; its log says why\n' };
  }
}

/**
 * Serves the CLI's operations on a Unix socket, one JSON reply per request. Only a server that
 * holds the embedded database listens: on PostgreSQL the CLI opens the database itself.
 */
export async function listenAdminSocket(
  path: string,
  services: AdminServices,
  logger: Logger,
  operations: ReadonlyMap<string, AdminOperation> = adminOperations,
): Promise<AdminListener> {
  // We hold the embedded database's lock, so a socket file left here is a dead server's.
  await unlink(path).catch(() => undefined);
  const server = createServer({ maxHeaderSize: MAX_ARGS_BYTES }, (request: IncomingMessage, response: ServerResponse) => {
    void answer(request, services, logger, operations).then((reply) => {
      // Whatever the operation did not read must not hold the connection open.
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      done();
    });
  });
  await chmod(path, 0o600);
  return {
    async close() {
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await unlink(path).catch(() => undefined);
    },
  };
}
