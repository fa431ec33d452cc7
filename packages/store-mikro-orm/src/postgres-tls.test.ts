import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { resolveEngine } from './engine';
import { StoreOpenError } from './open-error';
import { migrateDatabase } from './open-mikro-orm-store';
import { openOrm } from './open-orm';
import { startTlsCluster, tlsClusterSuites, type TlsCluster } from './tls-cluster';

tlsClusterSuites('sslmode against a PostgreSQL cluster that speaks TLS only', () => {
  describe('sslmode against a PostgreSQL cluster that speaks TLS only', () => {
    let cluster: TlsCluster;
    beforeAll(async () => {
      cluster = await startTlsCluster();
    }, 120_000);
    afterAll(() => cluster?.stop(), 60_000);

    /** Whether the session `url` opens is encrypted, as the server sees it. */
    async function sessionUsesTls(url: string): Promise<boolean> {
      const orm = await openOrm(resolveEngine({ databaseUrl: url }));
      onTestFinished(() => orm.close());
      const rows = await orm.em.fork().execute<Array<{ ssl: boolean }>>('select ssl from pg_stat_ssl where pid = pg_backend_pid()');
      return rows[0]?.ssl === true;
    }

    /** The one-line refusal opening `url` meets; it never shows the password. */
    async function refusal(url: string): Promise<StoreOpenError> {
      const error: unknown = await openOrm(resolveEngine({ databaseUrl: url })).then(
        async (orm) => {
          await orm.close();
          return new Error('it connected');
        },
        (refused: unknown) => refused,
      );
      expect(error).toBeInstanceOf(StoreOpenError);
      const message = (error as Error).message;
      expect(message).not.toContain(cluster.password);
      expect(message).not.toContain('\n');
      return error as StoreOpenError;
    }

    it('sslmode=require connects encrypted, to a certificate it does not check', async () => {
      expect(await sessionUsesTls(cluster.url({ host: '127.0.0.1', params: { sslmode: 'require' } }))).toBe(true);
    });

    it('sslmode=disable, or none, is refused by a server that wants TLS, with a line saying to set sslmode', async () => {
      for (const params of [{ sslmode: 'disable' }, {}] as Array<Record<string, string>>) {
        const error = await refusal(cluster.url({ host: 'localhost', params }));
        expect(error.kind).toBe('tls_failed');
        expect(error.message).toBe(
          `PostgreSQL at localhost:${cluster.port} accepts only connections with TLS; add sslmode=verify-full (with sslrootcert) or sslmode=require to DATABASE_URL`,
        );
      }
    });

    it('sslmode=verify-full connects when sslrootcert signed the certificate and the host is its name', async () => {
      const url = cluster.url({ host: 'localhost', params: { sslmode: 'verify-full', sslrootcert: cluster.caFile } });
      expect(await sessionUsesTls(url)).toBe(true);
    });

    it('sslmode=verify-full refuses a certificate another CA signed', async () => {
      const error = await refusal(cluster.url({ host: 'localhost', params: { sslmode: 'verify-full', sslrootcert: cluster.otherCaFile } }));
      expect(error.kind).toBe('tls_failed');
      // The server sends its CA with its certificate (it has one for client certificates), so OpenSSL finds a self-signed CA in the chain.
      expect(error.message).toBe(
        `PostgreSQL at localhost:${cluster.port} presented a certificate that sslmode=verify-full does not accept: no CA in sslrootcert signed it (SELF_SIGNED_CERT_IN_CHAIN); check sslrootcert in DATABASE_URL`,
      );
    });

    it('sslmode=verify-full refuses a host the certificate does not name, an IP address too', async () => {
      const error = await refusal(cluster.url({ host: '127.0.0.1', params: { sslmode: 'verify-full', sslrootcert: cluster.caFile } }));
      expect(error.kind).toBe('tls_failed');
      expect(error.message).toBe(
        `PostgreSQL at 127.0.0.1:${cluster.port} presented a certificate that sslmode=verify-full does not accept: it does not name the host "127.0.0.1" (ERR_TLS_CERT_ALTNAME_INVALID); connect by a name the certificate holds, or use sslmode=verify-ca`,
      );
    });

    it('sslmode=verify-ca connects to a host the certificate does not name, and refuses another CA', async () => {
      expect(await sessionUsesTls(cluster.url({ host: '127.0.0.1', params: { sslmode: 'verify-ca', sslrootcert: cluster.caFile } }))).toBe(true);
      const error = await refusal(cluster.url({ host: '127.0.0.1', params: { sslmode: 'verify-ca', sslrootcert: cluster.otherCaFile } }));
      expect(error.message).toContain('sslmode=verify-ca does not accept: no CA in sslrootcert signed it (SELF_SIGNED_CERT_IN_CHAIN)');
    });

    it('presents the client certificate sslcert and sslkey name, to a role that logs in by it alone', async () => {
      const asCertUser = (params: Record<string, string>) => cluster.url({ host: 'localhost', user: 'pips_cert', params });
      const trusted = { sslmode: 'verify-full', sslrootcert: cluster.caFile };
      expect(await sessionUsesTls(asCertUser({ ...trusted, sslcert: cluster.clientCertFile, sslkey: cluster.clientKeyFile }))).toBe(true);
      await expect(openOrm(resolveEngine({ databaseUrl: asCertUser(trusted) }))).rejects.toMatchObject({ kind: 'authentication_failed' });
    });

    it('migrates over TLS, the migration lock session included', async () => {
      const database = `migrate_${Math.random().toString(36).slice(2, 10)}`;
      await cluster.sql(`create database ${database}`);
      onTestFinished(() => cluster.sql(`drop database if exists ${database} with (force)`).then(() => undefined));
      const url = cluster.url({ host: 'localhost', database, params: { sslmode: 'verify-full', sslrootcert: cluster.caFile } });
      const { applied } = await migrateDatabase({ databaseUrl: url });
      expect(applied.length).toBeGreaterThan(0);
      expect(await cluster.sql('select count(*) from mikro_orm_migrations', database)).toBe(String(applied.length));
    });
  });
});
