import { CLAIM_LEASE_MS, issueToken, parseIssueToken, permissions, type Clock } from '@pips/domain';
import { createFakeStore } from '@pips/domain/test';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createApp } from '../create-app';
import { serve } from '../test-client';

async function setUp() {
  let now = new Date('2026-03-01T10:00:00Z').getTime();
  const clock: Clock = { now: () => new Date(now) };
  const store = createFakeStore();
  const { token } = await issueToken({ store, clock }, parseIssueToken({ name: 'writer', permissions: [...permissions] }));
  const warnings: string[] = [];
  const logger = { info: () => {}, warn: (_: object, msg?: string) => void warnings.push(msg ?? ''), error: () => {} };
  const client = await serve(createApp({ store, clock, timezone: 'UTC', tokenCacheMs: 0, logger }));
  onTestFinished(() => client.close());
  const createUnit = (key?: string) =>
    client.request('POST', `/api/v2/${token}/unit`, '<unit><name>Reel</name></unit>', {
      'Content-Type': 'application/xml',
      ...(key !== undefined && { 'Idempotency-Key': key }),
    });
  const units = () => store.rows('unit');
  const keys = () => store.rows('idempotency_key');
  return { store, createUnit, units, keys, warnings, advance: (ms: number) => (now += ms) };
}

describe('idempotency keys through the app', () => {
  it('cost a request without the header nothing: no key row, one transaction, as before', async () => {
    const { store, createUnit, keys } = await setUp();
    const before = store.transactions;
    expect((await createUnit()).status).toBe(200);
    expect(store.transactions - before).toBe(1);
    expect(await keys()).toEqual([]);
  });

  it('give the key back after a failure that wrote nothing (500), so the retry runs', async () => {
    const { store, createUnit, units, keys } = await setUp();
    store.failNextWrite(new Error('disk on fire'), { table: 'unit', kind: 'insert' });
    expect((await createUnit('k-1')).status).toBe(500);
    expect(await units()).toEqual([]);
    expect(await keys()).toEqual([]);
    const retried = await createUnit('k-1');
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([200, null]);
    const again = await createUnit('k-1');
    expect([again.status, again.headers.get('idempotent-replayed'), again.text]).toEqual([200, 'true', retried.text]);
    expect(await units()).toHaveLength(1);
  });

  it('never run again a change committed whose answer was not kept (the process gone between the two)', async () => {
    const { store, createUnit, units, keys, warnings, advance } = await setUp();
    // The mark goes with the unit's insert; the write after it, keeping the answer, fails.
    store.beforeNextWrite(() => store.failNextWrite(new Error('connection lost'), { table: 'idempotency_key', kind: 'update' }), {
      table: 'idempotency_key',
      kind: 'update',
    });
    const first = await createUnit('k-2');
    expect(first.status, first.text).toBe(200);
    expect(warnings).toEqual(['idempotency key not updated']);
    expect((await keys()).map((row) => row.state)).toEqual(['committed']);
    const soon = await createUnit('k-2');
    expect([soon.status, soon.headers.get('retry-after')]).toEqual([409, '1']);
    advance(CLAIM_LEASE_MS);
    const later = await createUnit('k-2');
    expect(later.status).toBe(422);
    expect(later.text).toContain('was carried out, but its answer was not kept');
    expect(await units()).toHaveLength(1);
  });
});
