import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';

/**
 * Test support (not part of the public surface): a private PostgreSQL cluster that speaks TLS
 * only, for the tests of `sslmode`. Its own CA signs its certificate, whose one name is
 * `localhost` (no IP address), so `127.0.0.1` reaches the same server under a name the certificate
 * does not hold; pg_hba.conf admits TCP connections with TLS only (`hostssl`), and TCP logins need
 * the password. It listens on 127.0.0.1 and on a socket in its own folder.
 */
export interface TlsCluster {
  readonly port: number;
  /** The CA that signed the server's certificate. */
  readonly caFile: string;
  /** A CA that signed nothing of this cluster's. */
  readonly otherCaFile: string;
  /** A client certificate (and its key) the CA signed for the role `pips_cert`, which logs in by certificate alone. */
  readonly clientCertFile: string;
  readonly clientKeyFile: string;
  /** The login's password, which no message may show. */
  readonly password: string;
  /** `postgres://pips:<password>@<host>:<port>/<database>?<params>`; as `pips_cert`, with no password. */
  url(options: { host: 'localhost' | '127.0.0.1'; database?: string; params?: Record<string, string>; user?: typeof CERT_USER }): string;
  /** Runs SQL as the cluster's superuser over its socket (no TLS there); answers psql's unaligned output, trimmed. */
  sql(statement: string, database?: string): Promise<string>;
  stop(): Promise<void>;
}

const USER = 'pips';
const CERT_USER = 'pips_cert';

/** The newest PostgreSQL server binaries Debian installs, or undefined. */
function serverBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/** Why a TLS cluster cannot be had on this machine, or undefined when it can. */
function missing(): string | undefined {
  if (!serverBinaries()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (!['/usr/bin/openssl', '/bin/openssl'].some(existsSync)) return 'no openssl';
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser')) return 'running as root without runuser';
  return undefined;
}

/**
 * Defines suites that need a TLS cluster. Where the machine has no PostgreSQL server binaries
 * (or openssl) they are skipped with a notice, and fail when `CI` is set, as `postgresSuites` does.
 */
export function tlsClusterSuites(name: string, define: () => void): void {
  const why = missing();
  if (!why) return define();
  if (process.env.CI) {
    describe(name, () => it('runs in CI', () => { throw new Error(`${name} cannot run: ${why}`); }));
    return;
  }
  console.warn(`${name} skipped: ${why}`);
  describe.skip(`${name} (${why})`, () => it('needs PostgreSQL server binaries', () => undefined));
}

interface Ran { code: number; stdout: string; stderr: string }

function run(command: string, args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

async function must(command: string, args: readonly string[], options?: { cwd?: string; env?: Record<string, string> }): Promise<string> {
  const done = await run(command, args, options);
  if (done.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${done.code}): ${done.stderr.trim()}`);
  return done.stdout;
}

/**
 * initdb refuses to run as root. As root the cluster's commands run as the `postgres` user through
 * `runuser` (its folder handed to that user first); as anyone else, as that user.
 */
function asClusterOwner(command: string, args: readonly string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['/usr/sbin/runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
}

/** A port nothing listens on just now (PostgreSQL cannot be told port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A CA, a server certificate it signs for `localhost` alone, a client certificate it signs for
 * `pips_cert`, and a second CA that signs nothing.
 */
async function makeCertificates(dir: string): Promise<void> {
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await must('openssl', ['req', '-x509', ...key, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=PIPS test CA'], { cwd: dir });
  await must('openssl', ['req', '-x509', ...key, '-keyout', 'other-ca.key', '-out', 'other-ca.crt', '-days', '2', '-subj', '/CN=PIPS other CA'], { cwd: dir });
  await must('openssl', ['req', ...key, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost'], { cwd: dir });
  await writeFile(join(dir, 'server.ext'), 'subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  await must(
    'openssl',
    ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'server.ext'],
    { cwd: dir },
  );
  await must('openssl', ['req', ...key, '-keyout', 'client.key', '-out', 'client.csr', '-subj', `/CN=${CERT_USER}`], { cwd: dir });
  await writeFile(join(dir, 'client.ext'), 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n');
  await must(
    'openssl',
    ['x509', '-req', '-in', 'client.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'client.crt', '-days', '2', '-extfile', 'client.ext'],
    { cwd: dir },
  );
}

/**
 * Makes and starts the cluster in a new temporary folder; `stop` ends it and removes the folder.
 * A start that fails removes what it made and says why (with the server's log).
 */
export async function startTlsCluster(): Promise<TlsCluster> {
  const bin = serverBinaries();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  const dir = await mkdtemp(join(tmpdir(), 'pips-tls-cluster-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const password = `pw-${randomBytes(9).toString('hex')}-secret`;
  // Set before the first start: a start that times out may leave a server running, which stop must end.
  let mayRun = false;
  const stop = async () => {
    if (mayRun) {
      const [command, args] = asClusterOwner(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w']);
      await run(command, args);
      mayRun = false;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await makeCertificates(dir);
    await writeFile(join(dir, 'password'), `${password}\n`);
    // PostgreSQL refuses a key others may read; as root, the folder becomes the cluster user's.
    await chmod(join(dir, 'server.key'), 0o600);
    if (process.getuid?.() === 0) await chownAll(dir, await idOf('-u'), await idOf('-g'));
    const [initdb, initArgs] = asClusterOwner(join(bin, 'initdb'), [
      '-D', data, '-U', USER, `--pwfile=${join(dir, 'password')}`, '--auth-local=trust', '--auth-host=scram-sha-256', '--no-sync', '-E', 'UTF8', '--locale=C',
    ]);
    await must(initdb, initArgs);
    // TCP with TLS only: a connection in clear finds no pg_hba.conf line.
    // `pips_cert` logs in by its client certificate alone.
    await writeFile(join(data, 'pg_hba.conf'), `local all all trust\nhostssl all ${CERT_USER} 127.0.0.1/32 cert\nhostssl all all 127.0.0.1/32 scram-sha-256\n`);
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      await writeFile(
        join(data, 'postgresql.auto.conf'),
        [
          `port = ${port}`,
          `listen_addresses = '127.0.0.1'`,
          `unix_socket_directories = '${dir}'`,
          'ssl = on',
          `ssl_cert_file = '${join(dir, 'server.crt')}'`,
          `ssl_key_file = '${join(dir, 'server.key')}'`,
          `ssl_ca_file = '${join(dir, 'ca.crt')}'`,
          'fsync = off',
          '',
        ].join('\n'),
      );
      if (process.getuid?.() === 0) await chownAll(data, await idOf('-u'), await idOf('-g'));
      const [pgCtl, ctlArgs] = asClusterOwner(join(bin, 'pg_ctl'), ['start', '-D', data, '-l', log, '-w', '-t', '60']);
      mayRun = true;
      const started = await run(pgCtl, ctlArgs);
      if (started.code === 0) break;
      const text = await readFile(log, 'utf8').catch(() => '');
      // Another process took the port between the probe and the start: try another.
      if (attempt < 3 && /could not bind|already in use/i.test(text)) continue;
      throw new Error(`the TLS cluster did not start: ${started.stderr.trim()}\n${text.slice(-2000)}`);
    }
    const sql = async (statement: string, database = 'postgres') =>
      (await must('psql', ['-h', dir, '-p', String(port), '-U', USER, '-d', database, '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', statement])).trim();
    await sql(`create role ${CERT_USER} login`);
    return {
      port,
      caFile: join(dir, 'ca.crt'),
      otherCaFile: join(dir, 'other-ca.crt'),
      clientCertFile: join(dir, 'client.crt'),
      clientKeyFile: join(dir, 'client.key'),
      password,
      url: ({ host, database = 'postgres', params = {}, user }) => {
        const query = new URLSearchParams(params).toString();
        const login = user ?? `${USER}:${encodeURIComponent(password)}`;
        return `postgres://${login}@${host}:${port}/${database}${query ? `?${query}` : ''}`;
      },
      sql,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function idOf(flag: '-u' | '-g'): Promise<number> {
  return Number((await must('id', [flag, 'postgres'])).trim());
}

/** Hands a folder and everything in it to `uid:gid`. */
async function chownAll(path: string, uid: number, gid: number): Promise<void> {
  await chown(path, uid, gid);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const inner = join(path, entry.name);
    if (entry.isDirectory()) await chownAll(inner, uid, gid);
    else await chown(inner, uid, gid);
  }
}
