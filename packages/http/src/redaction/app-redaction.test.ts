import { ensureToken, type Clock, type Store } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { describe, expect, it } from 'vitest';
import { createApp } from '../create-app';
import { serve } from '../test-client';

// The app's own masking, where only a test inside the process can reach: an unexpected error
// whose message and details quote the token, answered 500 and logged with its stack.

const TOKEN = 'Zq3_tok-en9Zq3_tok-en9Zq3_tok-en';
const clock: Clock = { now: () => new Date('2025-01-01T00:00:00Z') };

/** A driver's failure as it may come: the token in its message and among its query parameters. */
class DriverError extends Error {
  readonly params = [TOKEN];
  constructor() {
    super(`invalid input syntax for type integer: "${TOKEN}"`);
  }
}

describe('an unexpected error that quotes the token', () => {
  it('is answered 500 and logged with the token masked everywhere, the request id replaced', async () => {
    const memory = createMemoryStore();
    await ensureToken({ store: memory, clock }, TOKEN, 'caller');
    let broken = false;
    const store: Store = {
      description: memory.description,
      read: (fn) => (broken ? Promise.reject(new DriverError()) : memory.read(fn)),
      transaction: (fn) => memory.transaction(fn),
      ping: () => memory.ping(),
      close: () => memory.close(),
    };
    const lines: object[] = [];
    const errors: object[] = [];
    const logger = { info: (obj: object) => lines.push(obj), warn: () => {}, error: (obj: object) => errors.push(obj) };
    // The token is checked once and remembered, so the store fails only the route's own read.
    const local = await serve(createApp({ store, clock, timezone: 'UTC', logger, tokenCacheMs: 60_000 }));
    try {
      expect((await local.request('GET', `/api/v2/${TOKEN}/unit`)).status).toBe(200);
      broken = true;
      const res = await local.request('GET', `/api/v2/${TOKEN}/unit/1`, undefined, { 'X-Request-Id': TOKEN });
      expect(res.status).toBe(500);
      expect(res.text).toContain('<message>Internal server error</message>');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.text).toContain(`<request_id>${res.headers.get('x-request-id')}</request_id>`);
      expect(res.text).not.toContain(TOKEN);

      expect(errors).toHaveLength(1);
      const logged = errors[0] as { err: DriverError; path: string; request_id: string };
      expect(logged.err).toBeInstanceOf(DriverError);
      expect(logged.err.message).toBe('invalid input syntax for type integer: "[token]"');
      expect(logged.err.stack).toContain('"[token]"');
      expect(logged.err.params).toEqual(['[token]']);
      expect(logged.path).toBe('/api/v2/[token]/unit/1');
      expect(logged.request_id).toBe(res.headers.get('x-request-id'));
      const everything = JSON.stringify([lines, errors, logged.err.message, logged.err.stack]);
      expect(everything).not.toContain(TOKEN);
      expect(lines).toHaveLength(2);
    } finally {
      await local.close();
    }
  });
});
