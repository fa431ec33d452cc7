import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the test server saw it, and a promise settled when its connection is gone. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string;
  /** Resolves when the request's connection closes (the client gave up on it, or it was answered). */
  readonly closed: Promise<void>;
}

export interface TestServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A plain node:http server on a free loopback port, answering each request with `handle` (which
 * may never answer). It records each request, and closes every connection when closed.
 */
export async function startTestServer(handle: (request: IncomingMessage, response: ServerResponse, seen: SeenRequest) => void): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const closed = new Promise<void>((resolve) => response.once('close', () => resolve()));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const seen = { method: request.method ?? '', url: request.url ?? '', body: Buffer.concat(chunks).toString('utf8'), closed };
      requests.push(seen);
      handle(request, response, seen);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8' };

/** Answers `status` with an XML body and the given headers. */
export function answer(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...XML_HEADERS, ...headers });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

/** A unit as PIPS writes it, for answers the client decodes. */
export const UNIT_XML = '<unit><id>3</id><name>Reel</name><description/><allow_fractional>false</allow_fractional><unit_conversions type="array"/></unit>';

/** PIPS's own refusal body (`<error><message>`), as its 429 and 503 carry. */
export const PIPS_REFUSAL = '<error><message>The service is busy; please retry</message></error>';
