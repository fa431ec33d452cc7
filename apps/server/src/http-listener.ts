import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listener {
  server: Server;
  port: number;
  /**
   * Stops accepting, lets requests in flight finish, then resolves. Keep-alive connections are
   * closed as soon as they are idle; after `graceMs` whatever is left is cut.
   */
  close(graceMs?: number): Promise<void>;
}

export async function listen(handler: RequestListener, port: number, host: string): Promise<Listener> {
  const server = createServer(handler);
  const active = new Set<ServerResponse>();
  let closing = false;
  server.on('request', (_req, res: ServerResponse) => {
    active.add(res);
    res.on('close', () => {
      active.delete(res);
      // The connection this response used is idle now; while closing, it goes too.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  let closed: Promise<void> | undefined;
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close(graceMs = 10_000) {
      closed ??= new Promise<void>((resolve, reject) => {
        closing = true;
        // Answers not yet started tell the client not to reuse the connection.
        for (const res of active) if (!res.headersSent) res.setHeader('Connection', 'close');
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), graceMs).unref();
      });
      return closed;
    },
  };
}
