import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { getCACertificates } from 'node:tls';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { StoreOpenError } from './open-error';
import { postgresClientOptions, tlsOfUrl, withoutTlsParams } from './pg-tls';

const SECRET = 'hunter2-secret';
const at = (query: string, host = 'db.example') => new URL(`postgres://pips:${SECRET}@${host}:5432/pips${query}`);

/** A CA file in a temporary folder removed when the test ends. */
function caFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pips-tls-unit-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'ca.pem');
  writeFileSync(file, '-----BEGIN CERTIFICATE-----\nnot checked here\n-----END CERTIFICATE-----\n');
  return file;
}

/** The refusal `tlsOfUrl` throws for `url`. */
function refusal(url: URL): StoreOpenError {
  try {
    tlsOfUrl(url);
  } catch (error) {
    expect(error).toBeInstanceOf(StoreOpenError);
    expect((error as StoreOpenError).kind).toBe('tls_settings');
    expect((error as Error).message).not.toContain(SECRET);
    expect((error as Error).message).not.toContain('\n');
    return error as StoreOpenError;
  }
  throw new Error(`${url.search} was accepted`);
}

describe('tlsOfUrl', () => {
  it('passes no ssl option without sslmode (node-postgres default: no TLS), and none to disable', () => {
    expect(tlsOfUrl(at(''))).toEqual({ mode: undefined, ssl: undefined });
    expect(tlsOfUrl(at('?sslmode=disable'))).toEqual({ mode: 'disable', ssl: false });
  });

  it('require encrypts and checks nothing', () => {
    const { mode, ssl } = tlsOfUrl(at('?sslmode=require'));
    expect(mode).toBe('require');
    expect(ssl).toEqual({ rejectUnauthorized: false, host: 'db.example' });
  });

  it('require with sslrootcert checks the chain, not the name, as libpq does', () => {
    const ca = caFile();
    const { ssl } = tlsOfUrl(at(`?sslmode=require&sslrootcert=${ca}`));
    expect(ssl && ssl.ca).toContain('not checked here');
    expect(ssl && ssl.rejectUnauthorized).toBeUndefined();
    expect(ssl && ssl.checkServerIdentity?.('db.example', {} as never)).toBeUndefined();
  });

  it('verify-ca checks the chain against sslrootcert and never the host name', () => {
    const ca = caFile();
    const { mode, ssl } = tlsOfUrl(at(`?sslmode=verify-ca&sslrootcert=${ca}`));
    expect(mode).toBe('verify-ca');
    expect(ssl && ssl.ca).toContain('not checked here');
    expect(ssl && ssl.rejectUnauthorized).toBeUndefined();
    expect(ssl && typeof ssl.checkServerIdentity).toBe('function');
    expect(ssl && ssl.checkServerIdentity?.('other.example', {} as never)).toBeUndefined();
  });

  it('verify-full checks the chain and the name, which TLS is told also for an IP address', () => {
    const ca = caFile();
    const { ssl } = tlsOfUrl(at(`?sslmode=verify-full&sslrootcert=${ca}`, '10.1.2.3'));
    expect(ssl).toMatchObject({ host: '10.1.2.3' });
    expect(ssl && ssl.ca).toContain('not checked here');
    expect(ssl && ssl.rejectUnauthorized).toBeUndefined();
    expect(ssl && ssl.checkServerIdentity).toBeUndefined();
    expect(tlsOfUrl(at('?sslmode=verify-full', '[::1]')).ssl).toEqual({ host: '::1' });
  });

  it('sslrootcert=system trusts the system CAs and means verify-full, which it alone allows, as libpq', () => {
    for (const query of ['?sslrootcert=system', '?sslmode=verify-full&sslrootcert=system']) {
      const { mode, ssl } = tlsOfUrl(at(query));
      expect(mode).toBe('verify-full');
      expect(ssl).toEqual({ ca: getCACertificates('system'), host: 'db.example' });
    }
    expect(refusal(at('?sslmode=require&sslrootcert=system')).message).toBe(
      'DATABASE_URL\'s sslrootcert=system allows only sslmode=verify-full, as libpq, not "require"',
    );
  });

  it('refuses an unknown sslmode, allow and prefer, each in one line naming what to use', () => {
    expect(refusal(at('?sslmode=bogus')).message).toBe('DATABASE_URL\'s sslmode must be disable, require, verify-ca or verify-full, not "bogus"');
    for (const mode of ['allow', 'prefer']) {
      expect(refusal(at(`?sslmode=${mode}`)).message).toMatch(new RegExp(`sslmode=${mode} is not supported: it falls back to a connection without TLS; use sslmode=require`));
    }
    expect(refusal(at('?sslmode=REQUIRE')).message).toContain('"REQUIRE"');
  });

  it('refuses verify-ca without a CA, certificate files without sslmode, and a file it cannot read', () => {
    expect(refusal(at('?sslmode=verify-ca')).message).toContain('verify-ca without sslrootcert');
    expect(refusal(at('?sslrootcert=/x/ca.pem')).message).toBe(
      'DATABASE_URL names sslrootcert without sslmode; add sslmode=verify-full (or require, verify-ca)',
    );
    expect(refusal(at('?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem')).message).toBe(
      'cannot read "/nonexistent/ca.pem", a file DATABASE_URL names (sslrootcert, sslcert or sslkey): ENOENT',
    );
  });

  it('gives node-postgres the URL without its TLS parameters and the ssl option read from them', () => {
    expect(postgresClientOptions(`postgres://u:${SECRET}@h:1/d?sslmode=require`)).toEqual({
      connectionString: `postgres://u:${SECRET}@h:1/d`,
      ssl: { rejectUnauthorized: false, host: 'h' },
    });
    expect(postgresClientOptions('postgres://u@h:1/d')).toEqual({ connectionString: 'postgres://u@h:1/d' });
  });

  it('strips the TLS parameters and keeps the rest', () => {
    expect(withoutTlsParams(`postgres://u:${SECRET}@h:1/d?sslmode=require&application_name=x&sslrootcert=/c`)).toBe(
      `postgres://u:${SECRET}@h:1/d?application_name=x`,
    );
  });
});
