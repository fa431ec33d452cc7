import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { ensurePodman, npmCaBuildArgs, podman, podmanResult, RUN_LIMITS } from './podman.test-helper';
import { REPO_ROOT, runToEnd } from './test-processes';

// Building the image takes minutes (and the base image as many again), so it runs when asked.
const ENABLED = process.env.PIPS_TEST_IMAGE === '1';
/** An image to build on instead of one made here from Debian's packages (`node:24…-bookworm-slim`). */
const GIVEN_BASE = process.env.PIPS_TEST_IMAGE_BASE;
const MINUTE = 60_000;

if (!ENABLED) console.warn('container image test skipped: set PIPS_TEST_IMAGE=1 to build and run the image (minutes)');

/** Answers `podman logs` as the JSON lines the server wrote. */
async function logLines(container: string): Promise<Array<Record<string, unknown>>> {
  const done = await podmanResult(['logs', container]);
  return `${done.stdout}\n${done.stderr}`
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits until the container answers /readyz 200 on `port`, failing with its log if it stops first. */
async function waitReady(container: string, port: string): Promise<void> {
  const deadline = Date.now() + 2 * MINUTE;
  while (Date.now() < deadline) {
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    if (answer?.status === 200) return;
    const state = await podman(['inspect', '--format', '{{.State.Status}}', container]);
    if (state === 'exited') throw new Error(`${container} exited before it was ready:\n${(await podmanResult(['logs', container])).stderr}`);
    await delay(250); // a poll's interval: the condition is the answer above, not this wait
  }
  throw new Error(`${container} was not ready within 2 minutes`);
}

/** Sends an XML body to `path` under the token's prefix; answers the status and the body. */
async function call(base: string, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const answer = await fetch(`${base}/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/xml' },
    body,
  });
  return { status: answer.status, text: await answer.text() };
}

/** The first `<id>` of a document: the record's own. */
function firstId(xml: string): string {
  const id = /<id>(\d+)<\/id>/.exec(xml)?.[1];
  if (!id) throw new Error(`no id in:\n${xml}`);
  return id;
}

describe.skipIf(!ENABLED)('container image', () => {
  test(
    'builds, serves as a user of its own, stops cleanly on SIGTERM and keeps its data on the volume',
    { timeout: 45 * MINUTE },
    async ({ onTestFinished }) => {
      ensurePodman();
      const id = `${process.pid}-${randomBytes(3).toString('hex')}`;
      const image = `localhost/pips-test-${id}`;
      const volume = `pips-test-data-${id}`;
      const containers: string[] = [];
      const images: string[] = [];
      // Everything made here goes, containers first, whatever happened.
      onTestFinished(async () => {
        for (const container of containers) await podmanResult(['rm', '--force', '--time', '0', container]);
        await podmanResult(['volume', 'rm', '--force', volume]);
        for (const made of images.reverse()) await podmanResult(['rmi', '--force', made]);
      }, 5 * MINUTE);

      let base = GIVEN_BASE;
      if (!base) {
        base = `localhost/pips-test-base-${id}`;
        images.push(base);
        const made = await runToEnd(join(REPO_ROOT, 'container/base-image.sh'), [base], {}, 20 * MINUTE);
        expect(made.code, made.stderr.slice(-4000)).toBe(0);
      }

      images.push(image);
      await podman(
        ['build', '--format', 'docker', '--layers=false', ...npmCaBuildArgs(), '--build-arg', `BASE_IMAGE=${base}`, '--tag', image, REPO_ROOT],
        30 * MINUTE,
      );
      // The sizes, for docs/container.md's record of a run.
      const size = async (name: string) => `${(Number(await podman(['image', 'inspect', '--format', '{{.Size}}', name])) / 1e6).toFixed(0)} MB`;
      console.info(`container image: base ${base} ${await size(base)}, image ${await size(image)}`);
      const config = JSON.parse(await podman(['image', 'inspect', '--format', '{{json .Config}}', image])) as {
        User: string;
        Env: string[];
        Entrypoint: string[];
        Volumes: Record<string, unknown>;
      };
      expect(config.User).toBe('pips');
      expect(config.Env).toContain('HOST=0.0.0.0');
      expect(config.Env).toContain('DATA_DIR=/data');
      expect(Object.keys(config.Volumes)).toEqual(['/data']);
      expect(config.Entrypoint).toEqual(['node', 'apps/server/dist/main.js']);

      await podman(['volume', 'create', volume]);
      const start = async (name: string): Promise<string> => {
        containers.push(name);
        await podman(['run', '--detach', '--name', name, ...RUN_LIMITS, '--publish', '127.0.0.1::3000', '--volume', `${volume}:/data`, image]);
        const port = (await podman(['port', name, '3000/tcp'])).split(':').pop() ?? '';
        await waitReady(name, port);
        return port;
      };
      const stop = async (name: string): Promise<void> => {
        await podman(['stop', '--time', '60', name], 2 * MINUTE);
        expect(await podman(['inspect', '--format', '{{.State.ExitCode}}', name])).toBe('0');
        const last = (await logLines(name)).at(-1);
        expect(last).toMatchObject({ signal: 'SIGTERM', msg: 'shutdown complete' });
      };

      const first = `pips-test-${id}-1`;
      let port = await start(first);
      // The Node the project pins, a user that is not root, and the image's own health check.
      const pinned = (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/node/package.json'), 'utf8')) as { version: string }).version;
      expect(await podman(['exec', first, 'node', '--version'])).toBe(`v${pinned}`);
      expect(await podman(['exec', first, 'id', '-u'])).not.toBe('0');
      // Exit 0 only when the image has a health check (Docker's format keeps it) and it passes.
      const health = await podmanResult(['healthcheck', 'run', first]);
      expect(health.code, health.stderr).toBe(0);

      // The CLI inside the container hands the command to the running server.
      const token = await podman([
        'exec', first, 'pips', 'token', 'create', '--name', 'image-test',
        '--permission', 'manage_data', '--permission', 'view_inventory', '--permission', 'create_draft_revisions',
      ]);
      expect(token).toMatch(/^\S{20,}$/);
      let api = `http://127.0.0.1:${port}/api/v2/${token}`;
      const made = async (path: string, body: string): Promise<string> => {
        const answer = await call(api, 'POST', path, body);
        expect(answer.status, answer.text).toBe(200);
        return firstId(answer.text);
      };
      const manufacturer = await made('manufacturer', '<manufacturer><name>Texas Instruments</name></manufacturer>');
      const parttype = await made('parttype', '<parttype><name>Integrated circuit</name><partnumber_key>IC</partnumber_key></parttype>');
      const unit = await made('unit', '<unit><name>Each</name><allow_fractional>false</allow_fractional></unit>');
      const part = await made(
        'part',
        `<part><manufacturer_pn>LM358P</manufacturer_pn><manufacturer_id>${manufacturer}</manufacturer_id><parttype_id>${parttype}</parttype_id><unit_id>${unit}</unit_id><revision><revision_name>A</revision_name></revision></part>`,
      );
      await stop(first);

      // A new container on the same volume finds the part, and the token, where they were.
      const second = `pips-test-${id}-2`;
      port = await start(second);
      api = `http://127.0.0.1:${port}/api/v2/${token}`;
      const again = await call(api, 'GET', `part/${part}`);
      expect(again.status, again.text).toBe(200);
      expect(again.text).toContain('<partnumber>IC000001</partnumber>');
      expect(again.text).toContain('<manufacturer_pn>LM358P</manufacturer_pn>');
      await stop(second);
    },
  );
});
