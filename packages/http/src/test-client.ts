import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { AppState } from './app-state';

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
}

export interface TestClient {
  /** `http://127.0.0.1:PORT`, for clients other than fetch. */
  url: string;
  request(method: string, path: string, body?: string, headers?: Record<string, string>): Promise<TestResponse>;
  close(): Promise<void>;
}

/** Serves `app` on a random port for one test file; requests go over real HTTP. */
export async function serve(app: Koa<AppState>): Promise<TestClient> {
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async request(method, path, body, headers = {}) {
      const init: RequestInit = { method, headers };
      if (body !== undefined) init.body = body;
      const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
      return { status: response.status, headers: response.headers, text: await response.text() };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
