import { describe, expect, it } from 'vitest';
import { listen, urlHost } from './listen';

describe('urlHost', () => {
  it('reaches a wildcard on loopback and brackets IPv6', () => {
    expect(urlHost('0.0.0.0')).toBe('127.0.0.1');
    expect(urlHost('::')).toBe('127.0.0.1');
    expect(urlHost('::1')).toBe('[::1]');
    expect(urlHost('localhost')).toBe('localhost');
  });
});

describe('listen', () => {
  it('serves on a free port and names its URL', async () => {
    const listener = await listen((_req, res) => res.end('hi'), 0, '127.0.0.1');
    try {
      expect(listener.url).toBe(`http://127.0.0.1:${listener.port}`);
      expect(await (await fetch(listener.url)).text()).toBe('hi');
    } finally {
      await listener.close();
    }
  });

  it('lets a request in flight finish on close, telling the client not to reuse the connection', async () => {
    let release = () => {};
    const listener = await listen(
      (_req, res) => {
        release = () => res.end('done');
      },
      0,
      '127.0.0.1',
    );
    const reply = fetch(listener.url);
    await new Promise((r) => setTimeout(r, 50));
    const closed = listener.close();
    release();
    const res = await reply;
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.text()).toBe('done');
    await closed;
  });

  it('fails when the port is taken', async () => {
    const first = await listen((_req, res) => res.end(), 0, '127.0.0.1');
    try {
      await expect(listen((_req, res) => res.end(), first.port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
  });
});
