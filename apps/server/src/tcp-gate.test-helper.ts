import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { TestContext } from 'vitest';

/**
 * A TCP forwarder a test controls, between the server and PostgreSQL: `down()` cuts every
 * connection and stops listening, so new ones are refused (ECONNREFUSED) as by a database that
 * is gone; `silent()` cuts every connection and then accepts new ones but never forwards a byte,
 * as a host that answers nothing; `up()` forwards again on the same port. The machine's
 * PostgreSQL is never touched.
 */
export interface TcpGate {
  readonly port: number;
  down(): Promise<void>;
  silent(): void;
  up(): Promise<void>;
}

function listenOn(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as { port: number }).port);
    });
  });
}

export async function openTcpGate(test: TestContext, targetPort: number): Promise<TcpGate> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A cut connection reports ECONNRESET on the other side: not this helper's failure.
    socket.on('error', () => socket.destroy());
  };
  let forwarding = true;
  const server = createServer((client) => {
    track(client);
    if (!forwarding) return;
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const port = await listenOn(server, 0);
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  test.onTestFinished(async () => {
    cutAll();
    await stopListening();
  });
  return {
    port,
    async down() {
      const stopped = stopListening();
      cutAll();
      await stopped;
    },
    silent() {
      forwarding = false;
      cutAll();
    },
    async up() {
      forwarding = true;
      if (!server.listening) await listenOn(server, port);
    },
  };
}
