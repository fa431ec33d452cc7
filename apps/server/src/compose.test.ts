import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { createPart, expectPart } from './container-api.test-helper';
import { baseImage, ensurePodman, npmCaBuildArgs, PODMAN_COMPOSE, podman, podmanResult } from './podman.test-helper';
import { REPO_ROOT, type Finished } from './test-processes';

// Builds the server's image and a PostgreSQL image (minutes, as the image test), so it runs when asked.
const ENABLED = process.env.PIPS_TEST_COMPOSE === '1';
/** An image to build on instead of one made here from Debian's packages (`node:24…-bookworm-slim`). */
const GIVEN_BASE = process.env.PIPS_TEST_IMAGE_BASE;
const MINUTE = 60_000;

if (!ENABLED) console.warn('compose test skipped: set PIPS_TEST_COMPOSE=1 to build and run compose.yaml with podman-compose (minutes)');

// podman-compose runs podman itself, so runc and explicit limits (podman.test-helper.ts says why)
// come from a containers.conf of the test's own, named by CONTAINERS_CONF: the machine's stays as it is.
const CONTAINERS_CONF = `[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]

[engine]
runtime = "runc"
`;

/** A port nothing listens on now, on the loopback address compose.yaml publishes on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Runs a command from the repository to its end, with a buffer for a build's output. */
function run(command: string, args: readonly string[], env: Record<string, string>, timeoutMs: number): Promise<Finished> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** Names (one a line) of the project's objects of a kind podman lists with `--filter label=…`. */
async function labelled(kind: 'ps' | 'volume' | 'network', project: string): Promise<string[]> {
  const filter = `label=io.podman.compose.project=${project}`;
  const args = kind === 'ps' ? ['ps', '--all', '--filter', filter, '--format', '{{.Names}}'] : [kind, 'ls', '--filter', filter, '--format', '{{.Name}}'];
  return (await podman(args)).split('\n').filter((name) => name !== '');
}

describe.skipIf(!ENABLED)('compose.yaml', () => {
  test(
    'starts PIPS on PostgreSQL, which keeps the data from one `up` to the next',
    { timeout: 60 * MINUTE },
    async ({ onTestFinished }) => {
      ensurePodman([PODMAN_COMPOSE]);
      const id = `${process.pid}-${randomBytes(3).toString('hex')}`;
      const project = `pips-test-compose-${id}`;
      const postgresImage = `localhost/pips-test-postgres-${id}`;
      const pipsImage = `localhost/pips-test-compose-${id}`;
      const images: string[] = [];
      const confDir = mkdtempSync(join(tmpdir(), 'pips-compose-'));
      const conf = join(confDir, 'containers.conf');
      writeFileSync(conf, CONTAINERS_CONF);
      // Everything made here goes, containers first, whatever happened.
      onTestFinished(async () => {
        for (const container of await labelled('ps', project)) await podmanResult(['rm', '--force', '--time', '0', container]);
        for (const volume of await labelled('volume', project)) await podmanResult(['volume', 'rm', '--force', volume]);
        for (const network of await labelled('network', project)) await podmanResult(['network', 'rm', '--force', network]);
        for (const made of images.reverse()) await podmanResult(['rmi', '--force', made]);
        rmSync(confDir, { recursive: true, force: true });
      }, 5 * MINUTE);

      const base = await baseImage(id, GIVEN_BASE, images);
      images.push(postgresImage);
      await podman(['build', '--layers=false', '--build-arg', `BASE_IMAGE=${base}`, '--tag', postgresImage, join(REPO_ROOT, 'container/test-postgres')], 15 * MINUTE);

      const token = randomBytes(24).toString('hex');
      const port = await freePort();
      const env = {
        CONTAINERS_CONF: conf,
        POSTGRES_IMAGE: postgresImage,
        POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
        BOOTSTRAP_TOKEN: token,
        PIPS_PORT: String(port),
        PIPS_IMAGE: pipsImage,
        BASE_IMAGE: base,
      };
      // `up` builds the server's image from compose.yaml's `build` when PIPS_IMAGE names none; in
      // Docker's format, which keeps the HEALTHCHECK.
      const buildArgs = ['--format', 'docker', '--layers=false', ...npmCaBuildArgs()].join(' ');
      images.push(pipsImage);
      const compose = async (...args: string[]): Promise<void> => {
        const done = await run('podman-compose', ['--project-name', project, `--podman-build-args=${buildArgs}`, ...args], env, 30 * MINUTE);
        expect(done.code, `podman-compose ${args.join(' ')}:\n${`${done.stdout}\n${done.stderr}`.slice(-4000)}`).toBe(0);
      };
      const server = `${project}_pips_1`;
      const waitReady = async (): Promise<void> => {
        const deadline = Date.now() + 3 * MINUTE;
        while (Date.now() < deadline) {
          const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
          if (answer?.status === 200) return;
          await delay(500); // a poll's interval: the condition is the answer above, not this wait
        }
        const logs = await podmanResult(['logs', server]);
        throw new Error(`${server} was not ready within 3 minutes:\n${`${logs.stdout}\n${logs.stderr}`.slice(-4000)}`);
      };
      const api = `http://127.0.0.1:${port}/api/v2/${token}`;

      const started = Date.now();
      await compose('up', '--detach');
      const built = Date.now();
      await waitReady();
      console.info(`compose: first up (build included) ${((built - started) / 1000).toFixed(0)} s, ready ${((Date.now() - built) / 1000).toFixed(0)} s later`);
      expect((await labelled('ps', project)).sort()).toEqual([`${project}_pips_1`, `${project}_postgres_1`]);
      // The server runs the image compose.yaml built, with its health check (kept by Docker's format).
      expect(await podman(['inspect', '--format', '{{.ImageName}}', server])).toBe(`${pipsImage}:latest`);
      const health = await podmanResult(['healthcheck', 'run', server]);
      expect(health.code, health.stderr).toBe(0);
      const part = await createPart(api);
      // The part is in PostgreSQL, not in an embedded database on the server's volume.
      const inPostgres = await podman(['exec', `${project}_postgres_1`, 'psql', '--username', 'pips', '--dbname', 'pips', '--tuples-only', '--no-align', '--command', 'select manufacturer_pn from part']);
      expect(inPostgres).toBe('LM358P');

      await compose('down');
      expect(await labelled('ps', project)).toEqual([]);
      expect((await labelled('volume', project)).sort()).toEqual([`${project}_pips-data`, `${project}_postgres-data`]);

      const again = Date.now();
      await compose('up', '--detach');
      await waitReady();
      console.info(`compose: second up ready in ${((Date.now() - again) / 1000).toFixed(0)} s`);
      await expectPart(api, part);

      await compose('down', '--volumes');
      expect(await labelled('ps', project)).toEqual([]);
      expect(await labelled('volume', project)).toEqual([]);
    },
  );
});
