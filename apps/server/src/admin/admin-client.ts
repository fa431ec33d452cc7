import { request } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { AdminFailure } from './admin-operation';
import type { AdminReply } from './admin-socket';

const NO_SERVER = new Set(['ENOENT', 'ECONNREFUSED']);

function isReply(value: unknown): value is AdminReply {
  const reply = value as Partial<AdminReply> | null;
  return typeof reply === 'object' && reply !== null && typeof reply.exitCode === 'number' && typeof reply.out === 'string' && typeof reply.err === 'string';
}

function unreachable(socketPath: string, error: NodeJS.ErrnoException): AdminFailure {
  if (error.code === 'EACCES' || error.code === 'EPERM') {
    return new AdminFailure([`error: not allowed to reach the running server at ${socketPath}; run the command as the user the server runs as`]);
  }
  return new AdminFailure([`error: the running server at ${socketPath} did not answer: ${error.message}`]);
}

/**
 * Asks the server listening on `socketPath` to run `name` with `args` on `input` (streamed, never
 * read whole, and only once the server has answered the connection, so a pipe's bytes are not
 * spent on a server that is not there). Null when no server listens there; every other failure
 * is a one-line `AdminFailure`.
 */
export function callServer(socketPath: string, name: string, args: Readonly<Record<string, string>>, input: AsyncIterable<Uint8Array> | null): Promise<AdminReply | null> {
  return new Promise((done, fail) => {
    // The server may answer before it has read the input (a refusal of the options): the answer
    // counts, and the input the server no longer wants is not sent on.
    let answered = false;
    const call = request(
      {
        socketPath,
        agent: false,
        path: `/${name}`,
        method: 'POST',
        // Kept alive, the server reads past what it did not need instead of closing under the upload.
        headers: { connection: 'keep-alive', 'x-pips-args': encodeURIComponent(JSON.stringify(args)) },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => fail(unreachable(socketPath, error)));
        response.on('close', () => {
          call.destroy();
          if (!response.complete) return fail(new AdminFailure([`error: the running server at ${socketPath} hung up before it answered`]));
          let reply: unknown;
          try {
            reply = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            reply = null;
          }
          if (response.statusCode === 200 && isReply(reply)) done(reply);
          else fail(new AdminFailure([`error: the running server refused the command (${response.statusCode ?? 0} ${response.statusMessage ?? ''})`.trimEnd()]));
        });
      },
    );
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code && NO_SERVER.has(error.code)) done(null);
      else fail(unreachable(socketPath, error));
    });
    if (input === null) {
      call.end();
      return;
    }
    const send = () =>
      Readable.from(input)
        .on('error', (error) => {
          call.destroy();
          fail(error);
        })
        .pipe(call);
    call.once('socket', (socket: Socket) => (socket.connecting ? socket.once('connect', send) : send()));
  });
}
