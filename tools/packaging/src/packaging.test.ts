import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchEnv } from './npm';
import { packWorkspaces } from './pack';
import { run } from './run-command';
import { installScratchProject, internalsNotFromTarballs, writeScratchProject } from './scratch-project';
import { tarballProblems, type PackedPackage } from './tarball-rules';
import { publishedWorkspaces, root, workspaces } from './workspace-manifests';

/** What other services install; each must be published, and nothing else may be. */
const PUBLISHED = [
  '@pips/blob-fs',
  '@pips/client',
  '@pips/domain',
  '@pips/harness',
  '@pips/http',
  '@pips/store-contract',
  '@pips/store-memory',
  '@pips/store-mikro-orm',
  '@pips/xml',
];

/** `0001-initial.ts` → `0001_initial`: what the migrator records, in order. */
const migrationNames = readdirSync(join(root, 'packages/store-mikro-orm/src/migrations'))
  .filter((file) => /^\d{4}-.+\.ts$/.test(file) && !file.endsWith('.test.ts'))
  .sort()
  .map((file) => file.replace(/\.ts$/, '').replaceAll('-', '_'));

const published = publishedWorkspaces();

describe('which packages are published', () => {
  it('exactly the library packages and the harness, versioned together by changesets', () => {
    expect(published.map((w) => w.manifest.name).sort()).toEqual(PUBLISHED);
    const config = JSON.parse(readFileSync(join(root, '.changeset/config.json'), 'utf8')) as { fixed: string[][]; ignore: string[] };
    expect(config.fixed.map((group) => [...group].sort())).toEqual([PUBLISHED]);
    // The apps, the tools and the root stay private, and changesets leaves them alone.
    expect([...config.ignore, ...PUBLISHED].sort()).toEqual(workspaces().map((w) => w.manifest.name).sort());
  });
});

describe('the published packages, packed and installed outside the repository', () => {
  const tarballs = mkdtempSync(join(tmpdir(), 'pips-tarballs-'));
  const scratch = mkdtempSync(join(tmpdir(), 'pips-consumer-'));
  // Should the run end before afterAll, the folders go with the process all the same.
  const removeFolders = () => {
    rmSync(tarballs, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('exit', removeFolders);
  afterAll(() => {
    process.off('exit', removeFolders);
    removeFolders();
  });

  let packed: PackedPackage[] = [];
  beforeAll(async () => {
    packed = await packWorkspaces(published, tarballs);
    writeScratchProject(scratch, new Map(packed.map((p) => [p.name, join(tarballs, p.filename)])));
    await installScratchProject(scratch);
  });

  /** Runs a file of the scratch project on this run's Node and answers the JSON line it printed last. */
  async function runInScratch(file: string): Promise<Record<string, unknown>> {
    const { stdout } = await run(process.execPath, [file], { cwd: scratch, env: scratchEnv(), timeoutMs: 120_000 });
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null') as Record<string, unknown>;
  }

  it('each hold their built code, declarations and README, and nothing else', () => {
    expect(packed.map((p) => p.name).sort()).toEqual(PUBLISHED);
    const version = published[0]!.manifest.version;
    const problems = published.flatMap((w) => tarballProblems(packed.find((p) => p.name === w.manifest.name)!, w.manifest, version));
    expect(problems).toEqual([]);
  });

  it('resolve each other from the tarballs, never from a registry', () => {
    expect(internalsNotFromTarballs(scratch)).toEqual([]);
  });

  it('compose a working server: a token from the domain, the app on the memory store, a record created and read over HTTP and with the client', async () => {
    const seen = await runInScratch('compose-server.mjs');
    expect(seen).toMatchObject({
      created: { status: 200, body: { manufacturer: { id: '1', name: 'Acme', city: 'Dallas' } } },
      shown: { status: 200, body: { manufacturer: { id: '1', name: 'Acme', city: 'Dallas', vendors: [] } } },
      client: { unit: { name: 'Each' }, refused: { status: 401, code: 'unauthorized' } },
    });
    expect(String((seen.created as { type: string }).type)).toMatch(/^application\/xml/);
  });

  it('start the harness, whose fixtures and reset work from the tarball', async () => {
    const seen = await runInScratch('harness.mjs');
    expect(seen).toMatchObject({ atStart: 0, fixtureStatus: 200, afterReset: 0 });
    expect(seen.afterFixture).toEqual(expect.arrayContaining(['Texas Instruments', 'Analog Devices']));
    expect(String(seen.url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answer every subpath export', async () => {
    expect(await runInScratch('subpaths.mjs')).toEqual({
      '@pips/domain/storage': { schema: 'object', columns: 'object', sequenceNames: 'object' },
      '@pips/domain/memory': { createMemoryStore: 'function' },
      '@pips/domain/test': { createFakeStore: 'function', fakeContext: 'function' },
      '@pips/xml/forms': { form: 'function', compileElement: 'function' },
    });
  });

  it('run the contract kits on the installed adapters, and migrate a fresh embedded database', async () => {
    const report = join(scratch, 'vitest-report.json');
    const vitest = join(scratch, 'node_modules/vitest/vitest.mjs');
    const env = scratchEnv({ PIPS_EXPECTED_MIGRATIONS: JSON.stringify(migrationNames) });
    // A failing run still writes its report: it names what failed, which the exit status does not.
    const ran = await run(process.execPath, [vitest, 'run', '--reporter=json', `--outputFile=${report}`], { cwd: scratch, env, timeoutMs: 280_000 }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    if (ran && !existsSync(report)) throw ran;
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      numFailedTests: number;
      numPassedTests: number;
      testResults: Array<{ message?: string; assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }> }>;
    };
    const tests = result.testResults.flatMap((file) => file.assertionResults);
    const passed = tests.filter((test) => test.status === 'passed').map((test) => test.fullName);
    const failed = tests.filter((test) => test.status === 'failed').map((test) => `${test.fullName}: ${(test.failureMessages ?? []).join(' | ').slice(0, 600)}`);
    const fileErrors = result.testResults.flatMap((file) => (file.message ? [file.message.slice(0, 600)] : []));
    expect({ failed, fileErrors }).toEqual({ failed: [], fileErrors: [] });
    if (ran) throw ran;
    expect(passed.filter((name) => name.startsWith('store contract: memory store, installed')).length).toBeGreaterThan(50);
    expect(passed.filter((name) => name.startsWith('blob contract: file system, installed')).length).toBeGreaterThan(3);
    expect(passed).toContain(
      'embedded database from the installed adapter migrates a fresh database with every migration the package carries, then serves the domain',
    );
    expect(migrationNames.length).toBeGreaterThan(0);
  });

  it('type-check a TypeScript consumer against their declarations', async () => {
    await run(process.execPath, [join(scratch, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: scratch, env: scratchEnv() });
  });
});
