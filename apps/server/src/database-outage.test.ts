import { postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it } from 'vitest';
import { freshDatabase, psql, startMain } from './test-processes';
import { openTcpGate } from './tcp-gate.test-helper';
import { acknowledged, expectCleanRefusals, expectNoStacks, expectNothingLost, pollStatus, seedStock, startWriteLoad } from './write-load.test-helper';

// PostgreSQL going away under a write load, through the server process: its connections
// terminated by PostgreSQL, then refused for a while by a forwarder the test controls (the
// machine's PostgreSQL keeps running; only this test's database's sessions are ended).

const STATEMENT_TIMEOUT_MS = 20_000;
const STOCK = 100_000;

postgresSuites('the database going away', (adminUrl) => {
  describe('PostgreSQL going away and coming back', () => {
    it('answers 503 XML meanwhile, /readyz 503 then 200, and loses no acknowledged write', { timeout: 600_000 }, async (test) => {
      const direct = new URL(await freshDatabase(test, adminUrl, 'outage'));
      const name = decodeURIComponent(direct.pathname.slice(1));
      const gate = await openTcpGate(test, Number(direct.port || 5432));
      const viaGate = new URL(direct);
      viaGate.port = String(gate.port);
      const server = startMain(test, {
        DATABASE_URL: viaGate.toString(),
        PORT: '0',
        BOOTSTRAP_TOKEN: 't',
        LOG_LEVEL: 'info',
        DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      });
      const url = await server.listening();
      const readyz = new URL('/readyz', url);
      const stock = await seedStock(url, STOCK);
      // A request that hung past the statement timeout (and then some) fails the test.
      const load = startWriteLoad(url, stock, 4, STATEMENT_TIMEOUT_MS * 3);
      try {
        await load.until((o) => acknowledged(o).length >= 20);

        // PostgreSQL ends every session of this database: the pool drops them and opens new ones.
        const ended = Number(await psql(adminUrl, `select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = '${name}'`));
        expect(ended).toBeGreaterThan(0);
        const before = acknowledged(load.outcomes).length;
        await load.until((o) => acknowledged(o).length >= before + 20);

        // The database refuses connections for a while.
        await gate.down();
        const downAt = load.outcomes.length;
        await pollStatus(readyz, 503);
        await load.until((o) => o.slice(downAt).filter((x) => x.status === 503).length >= 8);
        expect((await fetch(readyz)).status).toBe(503);
        await gate.up();
        const readyAfterMs = await pollStatus(readyz, 200);
        console.info(`[outage] /readyz answered 200 ${readyAfterMs} ms after the database came back`);
        const after = acknowledged(load.outcomes).length;
        await load.until((o) => acknowledged(o).length >= after + 20);
      } finally {
        await load.stop();
      }

      const { outcomes } = load;
      expectCleanRefusals(outcomes, [503]);
      const refused = outcomes.filter((o) => o.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      // Refused before anything was written: Retry-After; in doubt (COMMIT sent, answer lost): none.
      for (const o of refused) expect(o.retryAfter === '1' || o.retryAfter === null, o.body).toBe(true);
      const inDoubt = refused.filter((o) => o.retryAfter === null);
      for (const o of inDoubt) expect(o.body).toContain('may or may not have been made');
      console.info(`[outage] ${outcomes.length} writes: ${acknowledged(outcomes).length} acknowledged, ${refused.length} refused (${inDoubt.length} in doubt)`);
      await expectNothingLost(url, stock, outcomes);
      // Each refusal is one warning line with its code; no stack anywhere.
      expect(server.lines.filter((l) => l.code === 'unavailable' || l.code === 'outcome_unknown').length).toBe(refused.length);
      // The outage is logged where it began and where it ended, however often /readyz was asked.
      expect(server.lines.filter((l) => l.msg === 'store not reachable').length).toBe(1);
      expect(server.lines.filter((l) => l.msg === 'store reachable again').length).toBe(1);
      expectNoStacks(server.lines, server.stderr());
    });

    it('fails a request with 503 when the host accepts and never answers, instead of holding it', { timeout: 300_000 }, async (test) => {
      const direct = new URL(await freshDatabase(test, adminUrl, 'silent'));
      const gate = await openTcpGate(test, Number(direct.port || 5432));
      const viaGate = new URL(direct);
      viaGate.port = String(gate.port);
      // The statement timeout also bounds the wait for a connection.
      const server = startMain(test, { DATABASE_URL: viaGate.toString(), PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info', DATABASE_STATEMENT_TIMEOUT_MS: '1000' });
      const url = await server.listening();
      const units = new URL('/api/v2/t/unit', url);
      expect((await fetch(units)).status).toBe(200);
      gate.silent();
      await pollStatus(new URL('/readyz', url), 503);
      // Bounded only to end a test that would otherwise hang: the answer must come, and be a 503.
      const reply = await fetch(units, { signal: AbortSignal.timeout(120_000) });
      const body = await reply.text();
      expect(reply.status, body).toBe(503);
      expect(body).toContain('<message>The database cannot be reached; nothing was changed; please retry</message>');
      await gate.up();
      await pollStatus(new URL('/readyz', url), 200);
      expect((await fetch(units)).status).toBe(200);
      expectNoStacks(server.lines, server.stderr());
    });
  });
});
