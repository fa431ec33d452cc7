import { startTlsCluster, tlsClusterSuites, type TlsCluster } from '@pips/store-mikro-orm/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd, SERVER_CLI, SERVER_MAIN, startMain, type Finished } from './test-processes';

const TOKEN = 'tls-test-bootstrap-token-0123456789';

/** Exit 1 and one line on stderr, no stack, no password. */
function expectOneLine(finished: Finished, line: string, password: string): void {
  expect(finished.code).toBe(1);
  expect(finished.stderr).toBe(`error: ${line}\n`);
  expect(finished.stdout + finished.stderr).not.toContain(password);
}

tlsClusterSuites('the server and the CLI on PostgreSQL over TLS', () => {
  describe('the server and the CLI on PostgreSQL over TLS', () => {
    let cluster: TlsCluster;
    let verifyFull: string;
    beforeAll(async () => {
      cluster = await startTlsCluster();
      verifyFull = cluster.url({ host: 'localhost', database: 'pips', params: { sslmode: 'verify-full', sslrootcert: cluster.caFile } });
    }, 120_000);
    afterAll(() => cluster?.stop(), 60_000);

    it('pips db create, then the server, on sslmode=verify-full: every session encrypted, no password logged', { timeout: 180_000 }, async (test) => {
      const created = await runToEnd(process.execPath, [SERVER_CLI, 'db', 'create'], { DATABASE_URL: verifyFull });
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(await cluster.sql('select count(*) > 0 from mikro_orm_migrations', 'pips')).toBe('t');

      const server = startMain(test, { DATABASE_URL: verifyFull, PORT: '0', BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'info' });
      const url = await server.listening();
      const reply = await fetch(new URL(`/api/v2/${TOKEN}/unit`, url));
      expect(reply.status).toBe(200);
      expect(await reply.text()).toContain('<units type="array"');
      const started = server.lines.find((line) => String(line.msg).startsWith('PIPS listening'));
      expect(started?.store).toBe(`postgresql at localhost:${cluster.port}/pips (sslmode=verify-full)`);
      // The server's sessions, as PostgreSQL sees them (the cluster's pg_hba.conf admits no other kind).
      const sessions = await cluster.sql(
        `select count(*) filter (where s.ssl) || ',' || count(*) filter (where not s.ssl) from pg_stat_ssl s join pg_stat_activity a using (pid) where a.datname = 'pips' and a.pid <> pg_backend_pid()`,
        'pips',
      );
      expect(sessions).toMatch(/^[1-9]\d*,0$/);
      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(JSON.stringify(server.lines) + server.stderr()).not.toContain(cluster.password);
    });

    it('refuses an sslmode it does not know, at start, in one line', { timeout: 60_000 }, async () => {
      const bogus = cluster.url({ host: 'localhost', params: { sslmode: 'bogus' } });
      const finished = await runToEnd(process.execPath, [SERVER_MAIN], { DATABASE_URL: bogus, PORT: '0' });
      expectOneLine(finished, `DATABASE_URL's sslmode must be disable, require, verify-ca or verify-full, not "bogus"`, cluster.password);
      const prefer = await runToEnd(process.execPath, [SERVER_CLI, 'migrate'], { DATABASE_URL: bogus.replace('bogus', 'prefer') });
      expectOneLine(
        prefer,
        `DATABASE_URL's sslmode=prefer is not supported: it falls back to a connection without TLS; use sslmode=require (encrypted), verify-full (encrypted, server checked) or disable`,
        cluster.password,
      );
    });

    it('says in one line that the server wants TLS, or that its certificate is not trusted', { timeout: 60_000 }, async () => {
      const clear = cluster.url({ host: 'localhost', params: { sslmode: 'disable' } });
      expectOneLine(
        await runToEnd(process.execPath, [SERVER_MAIN], { DATABASE_URL: clear, PORT: '0' }),
        `PostgreSQL at localhost:${cluster.port} accepts only connections with TLS; add sslmode=verify-full (with sslrootcert) or sslmode=require to DATABASE_URL`,
        cluster.password,
      );
      const otherCa = cluster.url({ host: 'localhost', params: { sslmode: 'verify-full', sslrootcert: cluster.otherCaFile } });
      expectOneLine(
        await runToEnd(process.execPath, [SERVER_CLI, 'migrate'], { DATABASE_URL: otherCa }),
        `PostgreSQL at localhost:${cluster.port} presented a certificate that sslmode=verify-full does not accept: no CA in sslrootcert signed it (SELF_SIGNED_CERT_IN_CHAIN); check sslrootcert in DATABASE_URL`,
        cluster.password,
      );
    });
  });
});
