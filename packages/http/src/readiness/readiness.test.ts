import { describe, expect, it } from 'vitest';
import type { BlobStore, Store } from '@pips/domain';
import { createMemoryBlobStore, createMemoryStore } from '@pips/store-memory';
import { createApp } from '../create-app';
import { serve } from '../test-client';
import { databaseThreadCheck, migrationCheck, type DatabaseThreadView, type MigrationLevelView } from './checks';
import type { ReadinessCheck } from './readiness-check';
import { readiness } from './readiness';

interface Line {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg?: string;
}

function recorder() {
  const lines: Line[] = [];
  const at = (level: Line['level']) => (obj: object, msg?: string) => void lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

/** Serves an app with `checks` beside the store's and blobs', runs `work` with it, closes it. */
async function withApp(
  options: { store?: Store; blobs?: BlobStore; checks?: ReadinessCheck[]; timeoutMs?: number },
  work: (get: () => Promise<{ status: number; text: string }>, lines: Line[]) => Promise<void>,
) {
  const { lines, logger } = recorder();
  const app = createApp({
    store: options.store ?? createMemoryStore(),
    blobs: options.blobs ?? createMemoryBlobStore(),
    clock: { now: () => new Date() },
    timezone: 'UTC',
    logger,
    readinessChecks: options.checks,
    readyTimeoutMs: options.timeoutMs,
  });
  const client = await serve(app);
  try {
    await work(() => client.request('GET', '/readyz'), lines);
  } finally {
    await client.close();
  }
}

/** A blob store whose probe fails while `failing.error` is set, as a directory made read-only would. */
function switchableBlobs() {
  const failing: { error: Error | null } = { error: null };
  const blobs: BlobStore = { ...createMemoryBlobStore(), kind: 'files', probe: async () => { if (failing.error) throw failing.error; } };
  return { blobs, failing };
}

const denied = () => Object.assign(new Error("EACCES: permission denied, open '/srv/pips/data/blobs/.probe-1'"), { code: 'EACCES' });
const level = (view: MigrationLevelView) => migrationCheck(async () => view);
const thread = (view: Partial<DatabaseThreadView>) => databaseThreadCheck(() => ({ alive: true, queued: 0, posted: 0, oldestWaitMs: null, ...view }));

describe('/readyz', () => {
  it('reports every check with its engine, kind and facts, 200 when all are ready', async () => {
    const checks = [level({ applied: '0011_x', newest: true, behind: false }), thread({ queued: 2, posted: 1, oldestWaitMs: 3.4 })];
    await withApp({ checks }, async (get) => {
      const res = await get();
      expect(res.status).toBe(200);
      expect(res.text).toBe(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<health>',
          '  <status>ok</status>',
          '  <store>\n    <status>ok</status>\n    <engine>memory</engine>\n  </store>',
          '  <blobs>\n    <status>ok</status>\n    <kind>memory</kind>\n  </blobs>',
          '  <migrations>\n    <status>ok</status>\n    <applied>0011_x</applied>\n    <newest>true</newest>\n  </migrations>',
          '  <database_thread>\n    <status>ok</status>\n    <alive>true</alive>\n    <queued>2</queued>\n    <posted>1</posted>\n    <oldest_wait_ms>3</oldest_wait_ms>\n  </database_thread>',
          '</health>',
          '',
        ].join('\n'),
      );
    });
  });

  it('is 503 while the blob store cannot be written, says why without the path, and logs the outage once each way', async () => {
    const { blobs, failing } = switchableBlobs();
    await withApp({ blobs }, async (get, lines) => {
      expect((await get()).status).toBe(200);
      failing.error = denied();
      for (let i = 0; i < 3; i++) {
        const res = await get();
        expect(res.status).toBe(503);
        expect(res.text).toContain('<status>unavailable</status>\n  <store>\n    <status>ok</status>');
        expect(res.text).toContain('<blobs>\n    <status>unavailable</status>\n    <kind>files</kind>\n    <reason>attachment files cannot be written (EACCES)</reason>\n  </blobs>');
        expect(res.text).not.toContain('/srv/pips');
      }
      failing.error = null;
      expect((await get()).status).toBe(200);
      expect((await get()).status).toBe(200);
      const outage = lines.filter((l) => l.obj.check === 'blobs');
      expect(outage.map((l) => [l.level, l.msg])).toEqual([['warn', 'blob store not writable'], ['info', 'blob store writable again']]);
      // The log, read by the operator, keeps the detail the body leaves out.
      expect(outage[0]!.obj.reason).toContain('/srv/pips/data/blobs');
    });
  });

  it('names the store engine without where it keeps data', async () => {
    const store = { ...createMemoryStore(), description: 'pglite at /srv/pips/data/pglite' };
    await withApp({ store }, async (get) => {
      const res = await get();
      expect(res.text).toContain('<engine>pglite</engine>');
      expect(res.text).not.toContain('/srv/pips');
    });
  });

  it('answers a check that hangs as unavailable once the timeout passes, the others still reported', async () => {
    const hanging: ReadinessCheck = { name: 'slow', known: [['kind', 'test']], ask: () => new Promise(() => {}), failure: 'the slow thing did not answer', lost: 'slow lost', back: 'slow back' };
    await withApp({ checks: [hanging], timeoutMs: 50 }, async (get, lines) => {
      const res = await get();
      expect(res.status).toBe(503);
      expect(res.text).toContain('<slow>\n    <status>unavailable</status>\n    <kind>test</kind>\n    <reason>the slow thing did not answer: did not answer within 50 ms</reason>\n  </slow>');
      expect(res.text).toContain('<store>\n    <status>ok</status>');
      expect(lines.filter((l) => l.obj.check !== undefined).map((l) => l.msg)).toEqual(['slow lost']);
    });
  });

  it('is 503 for a schema behind this build, and 200 for one a newer build migrated', async () => {
    await withApp({ checks: [level({ applied: '0009_x', newest: false, behind: true })] }, async (get) => {
      const res = await get();
      expect(res.status).toBe(503);
      expect(res.text).toContain('<applied>0009_x</applied>\n    <newest>false</newest>\n    <reason>the database has migrations this build needs still to apply</reason>');
    });
    await withApp({ checks: [level({ applied: '0012_later', newest: false, behind: false })] }, async (get) => {
      const res = await get();
      expect(res.status).toBe(200);
      expect(res.text).toContain('<migrations>\n    <status>ok</status>\n    <applied>0012_later</applied>\n    <newest>false</newest>');
    });
  });

  it('is 503 when the embedded database thread has stopped', async () => {
    await withApp({ checks: [thread({ alive: false })] }, async (get) => {
      const res = await get();
      expect(res.status).toBe(503);
      expect(res.text).toContain('<alive>false</alive>');
      expect(res.text).toContain('<reason>the embedded database has stopped; restart the server</reason>');
    });
  });

  it('reads a check of state in hand before the others ask, and reports it in its place', async () => {
    const order: string[] = [];
    const asking = (name: string, first?: boolean): ReadinessCheck => ({ name, known: [], first, ask: async () => (order.push(name), { facts: [] }), failure: 'x', lost: 'x', back: 'x' });
    const report = readiness([asking('a'), asking('queue', true), asking('b')], recorder().logger, 1_000);
    const { node } = await report('req-0');
    expect(order).toEqual(['queue', 'a', 'b']);
    expect(node.entries.map(([name]) => name)).toEqual(['status', 'a', 'queue', 'b']);
  });

  it('asks each check once for probes that arrive together', async () => {
    let asked = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const counted: ReadinessCheck = { name: 'counted', known: [], ask: async () => (asked++, await gate, { facts: [] }), failure: 'x', lost: 'x', back: 'x' };
    const report = readiness([counted], recorder().logger, 1_000);
    const answers = Array.from({ length: 5 }, (_, i) => report(`req-${i}`));
    open();
    expect((await Promise.all(answers)).map((a) => a.ready)).toEqual([true, true, true, true, true]);
    expect(asked).toBe(1);
    // Once answered, the next probe asks again.
    await report('req-5');
    expect(asked).toBe(2);
  });
});
