import { ensureToken, systemClock } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createApp } from './create-app';
import { memoryRateLimiter, perMinuteBudget } from './rate-limit';
import { serve } from './test-client';

const START = Date.parse('2026-01-01T00:00:00Z');

/** A server on a fresh store with tokens `a` and `b` and a budget of three requests a minute, on a Date the test moves. */
async function limited() {
  vi.useFakeTimers({ toFake: ['Date'] });
  onTestFinished(() => void vi.useRealTimers());
  vi.setSystemTime(START);
  const store = createMemoryStore();
  for (const token of ['a', 'b']) await ensureToken({ store, clock: systemClock }, token, token);
  const client = await serve(createApp({ store, clock: systemClock, timezone: 'UTC', tokenCacheMs: 0, rateLimiter: memoryRateLimiter(perMinuteBudget(3)) }));
  onTestFinished(() => client.close());
  return (token: string) => client.request('GET', `/api/v2/${token}/unit`);
}

describe('rateLimit', () => {
  it('answers 429 with Retry-After and the XML body past a token\'s budget, counting each token apart', async () => {
    const unitsOf = await limited();
    for (let i = 0; i < 3; i++) expect((await unitsOf('a')).status).toBe(200);
    const refused = await unitsOf('a');
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '60']);
    expect(refused.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(refused.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<error>\n  <message>Rate limit exceeded: this token may make 3 requests a minute; retry in 60 seconds</message>\n</error>\n',
    );
    expect((await unitsOf('b')).status).toBe(200);
    // An unknown token is 401 as ever: it has no budget to spend.
    for (let i = 0; i < 5; i++) expect((await unitsOf('nobody')).status).toBe(401);
  });

  it('counts down Retry-After with the clock and lets the token through once its window ends, not before', async () => {
    const unitsOf = await limited();
    for (let i = 0; i < 3; i++) expect((await unitsOf('a')).status).toBe(200);
    vi.setSystemTime(START + 30_000);
    expect((await unitsOf('a')).headers.get('retry-after')).toBe('30');
    vi.setSystemTime(START + 59_001);
    const last = await unitsOf('a');
    expect([last.status, last.headers.get('retry-after')]).toEqual([429, '1']);
    vi.setSystemTime(START + 60_000);
    for (let i = 0; i < 3; i++) expect((await unitsOf('a')).status).toBe(200);
    expect((await unitsOf('a')).headers.get('retry-after')).toBe('60');
  });
});
