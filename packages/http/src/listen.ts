import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listener {
  server: Server;
  port: number;
  /** `http://HOST:PORT`, without a trailing slash; a wildcard host is written as 127.0.0.1. */
  url: string;
  /**
   * Stops accepting, lets requests in flight finish, then resolves. Keep-alive connections are
   * closed as soon as they are idle; after `graceMs` whatever is left is cut.
   */
  close(graceMs?: number): Promise<void>;
}

/** The host as a URL can name it: a wildcard address is reached on loopback, IPv6 goes in brackets. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Serves `handler` on `host:port` (0: a free port); both apps use it, so both shut down alike. */
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
  const bound = (server.address() as AddressInfo).port;
  return {
    server,
    port: bound,
    url: `http://${urlHost(host)}:${bound}`,
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
