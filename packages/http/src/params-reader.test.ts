import { request as send } from 'node:http';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import type { AppState } from './app-state';
import { errorAnswer, errorMapper } from './error-mapper';
import { paramsReader } from './params-reader';
import { requestContext } from './request-context';
import { serve, type TestClient } from './test-client';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** An app answering the parameters it read, as JSON. */
async function app(): Promise<TestClient> {
  const koa = new Koa<AppState>();
  koa.use(requestContext(quiet));
  koa.use(errorMapper(errorAnswer(quiet)));
  koa.use(paramsReader(1024));
  koa.use((ctx) => void (ctx.body = JSON.stringify(ctx.state.params)));
  return serve(koa);
}

/** A POST whose body goes in chunks, declared by `Transfer-Encoding: chunked` and no length. */
function chunked(url: string, chunks: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = send(`${url}/`, { method: 'POST', headers: { 'content-type': 'application/xml' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('paramsReader', () => {
  it('gives a request without query or body no parameters, and reads a query, a body and both', async () => {
    const client = await app();
    try {
      expect((await client.request('GET', '/x')).text).toBe('{}');
      expect(JSON.parse((await client.request('GET', '/x?unit[name]=a&page=2')).text)).toEqual({ unit: { name: 'a' }, page: '2' });
      const xml = { 'content-type': 'application/xml' };
      expect(JSON.parse((await client.request('POST', '/x', '<unit><name>b</name></unit>', xml)).text)).toEqual({ unit: { name: 'b' } });
      expect(JSON.parse((await client.request('PUT', '/x?unit[name]=a&x=1', '<unit><name>b</name></unit>', xml)).text)).toEqual({ unit: { name: 'b' }, x: '1' });
    } finally {
      await client.close();
    }
  });

  it('reads a body that declares no length, sent in chunks', async () => {
    const client = await app();
    try {
      expect(JSON.parse(await chunked(client.url, ['<unit><na', 'me>c</name>', '</unit>']))).toEqual({ unit: { name: 'c' } });
    } finally {
      await client.close();
    }
  });

  it('takes a declared empty body of any type as no parameters', async () => {
    const client = await app();
    try {
      const response = await client.request('POST', '/x', '', { 'content-type': 'application/json', 'content-length': '0' });
      expect([response.status, response.text]).toEqual([200, '{}']);
    } finally {
      await client.close();
    }
  });
});
