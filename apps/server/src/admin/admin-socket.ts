import { chmod, unlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isPipsError } from '@pips/domain';
import type { Logger } from 'pino';
import { isAdminFailure, type AdminOperation, type AdminServices } from './admin-operation';
import { adminOperations } from './admin-operations';

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
  const parsed: unknown = typeof header === 'string' ? JSON.parse(decodeURIComponent(header)) : {};
  if (parsed === null || typeof parsed !== 'object') return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

async function answer(request: IncomingMessage, services: AdminServices, logger: Logger, operations: ReadonlyMap<string, AdminOperation>): Promise<AdminReply> {
  const operation = operations.get((request.url ?? '').replace(/^\/+/, ''));
  if (request.method !== 'POST' || !operation) return { exitCode: 1, out: '', err: `error: this server has no operation ${request.url ?? ''}\n` };
  try {
    const { out } = await operation.run(services, argsOf(request), request);
    return { exitCode: 0, out, err: '' };
  } catch (error) {
    if (isAdminFailure(error)) return { exitCode: 1, out: '', err: `${error.lines.join('\n')}\n` };
    if (isPipsError(error)) return { exitCode: 1, out: '', err: `error: ${error.message}\n` };
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
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
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
