import { createServer } from 'node:net';

/**
 * Fails as the server's own listen would (EADDRINUSE, EACCES, EADDRNOTAVAIL) when nothing may
 * listen on `host:port`, and holds nothing otherwise: checked before a start opens or creates
 * anything, so a port in use leaves no data folder behind. Something may still take the port
 * before the server listens; the start then removes what it created.
 */
export async function probePort(port: number, host: string): Promise<void> {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', fail);
      done();
    });
  });
  await new Promise<void>((done) => server.close(() => done()));
}
