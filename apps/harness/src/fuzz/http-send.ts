import { Agent, request as httpRequest } from 'node:http';

export interface Sent {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** Send the body in pieces without a Content-Length (chunked), as a stream would. */
  chunked?: boolean;
  /** Reuse connections (reads of a snapshot); otherwise each request has a connection of its own. */
  keepAlive?: boolean;
}

const reused = new Agent({ keepAlive: true });

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request over a fresh connection, answered once the response has ended. A server may answer
 * before it has read the whole body (a 413) and close: a write failing after the answer came is
 * not an error; an answer that never comes is.
 */
export function send(base: string, sent: Sent): Promise<Answer> {
  const url = new URL(base);
  const headers: Record<string, string> = { ...(sent.keepAlive ? {} : { connection: 'close' }), ...sent.headers };
  // Node frames a body in chunks by itself only for methods that usually have one: say so for all.
  if (sent.body !== undefined) headers[sent.chunked ? 'transfer-encoding' : 'content-length'] = sent.chunked ? 'chunked' : String(sent.body.length);
  return new Promise((resolve, reject) => {
    let answered = false;
    const options = { host: url.hostname, port: url.port, method: sent.method, path: sent.path, headers, ...(sent.keepAlive ? { agent: reused } : {}) };
    const req = httpRequest(options, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (sent.body === undefined) req.end();
    else if (!sent.chunked) req.end(sent.body);
    else {
      const piece = Math.max(1, Math.ceil(sent.body.length / 4));
      for (let at = 0; at < sent.body.length; at += piece) req.write(sent.body.subarray(at, at + piece));
      req.end();
    }
  });
}
