import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One post a subscriber received. */
export interface Received {
  readonly id: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly type: string;
  readonly sequence: number;
  readonly body: string;
}

/**
 * A webhook subscriber on a local port: it answers `status(n)` to its nth post (1, 2, …; 200 by
 * default), keeps every post, and can go away and come back on the same port.
 */
export interface TestSubscriber {
  readonly url: string;
  readonly received: Received[];
  /** The posts it answered 2xx, in order. */
  taken(): Received[];
  stop(): Promise<void>;
  restart(): Promise<void>;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startSubscriber(status: (n: number, received: Received) => number | Promise<number> = () => 200): Promise<TestSubscriber> {
  const received: Received[] = [];
  const answered: number[] = [];
  let port = 0;
  let server: Server | null = null;
  const listen = async () => {
    const next = createServer(async (request, response) => {
      const body = await readBody(request);
      const post: Received = {
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signature: String(request.headers['webhook-signature']),
        type: /<type>([^<]*)<\/type>/.exec(body)?.[1] ?? '',
        sequence: Number(/<sequence[^>]*>(\d+)<\/sequence>/.exec(body)?.[1]),
        body,
      };
      received.push(post);
      const code = await status(received.length, post);
      answered.push(code);
      response.writeHead(code).end();
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  await listen();
  const stop = () =>
    new Promise<void>((resolve, reject) => {
      const current = server;
      server = null;
      if (!current) return resolve();
      current.closeAllConnections();
      current.close((error) => (error ? reject(error) : resolve()));
    });
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    taken: () => received.filter((_, index) => (answered[index] ?? 0) >= 200 && (answered[index] ?? 0) < 300),
    stop,
    restart: listen,
  };
}

/** Standard Webhooks verification, as a subscriber does it (docs/webhooks.md). */
export function verifies(secret: string, post: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${post.id}.${post.timestamp}.${post.body}`).digest();
  const given = Buffer.from(post.signature.replace(/^v1,/, ''), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Resolves once `check` holds, looking every 20 ms; rejects after `ms` saying what it waited for. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
