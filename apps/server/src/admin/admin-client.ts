import { createReadStream } from 'node:fs';
import { request } from 'node:http';
import type { AdminReply } from './admin-socket';

const NO_SERVER = new Set(['ENOENT', 'ECONNREFUSED']);

/**
 * Asks the server listening on `socketPath` to run `name` with `args` on the file at
 * `inputPath` (streamed, never read whole). Null when no server listens there.
 */
export function callServer(socketPath: string, name: string, args: Readonly<Record<string, string>>, inputPath: string | null): Promise<AdminReply | null> {
  return new Promise((done, fail) => {
    const call = request(
      { socketPath, path: `/${name}`, method: 'POST', headers: { 'x-pips-args': encodeURIComponent(JSON.stringify(args)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          try {
            done(JSON.parse(Buffer.concat(chunks).toString('utf8')) as AdminReply);
          } catch (error) {
            fail(error);
          }
        });
      },
    );
    call.on('error', (error: NodeJS.ErrnoException) => (error.code && NO_SERVER.has(error.code) ? done(null) : fail(error)));
    if (inputPath === null) call.end();
    else createReadStream(inputPath).on('error', fail).pipe(call);
  });
}
