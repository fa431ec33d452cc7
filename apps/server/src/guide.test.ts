import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it, type TestContext } from 'vitest';
import { startInBackground } from './background-command.test-helper';
import { asShown, guideSteps, masked, SERVER_COMMAND, type GuideStep } from './guide-steps.test-helper';
import { openShellSession } from './shell-session.test-helper';
import { freshDatabase, REPO_ROOT } from './test-processes';

// docs/guide.md is run as a reader runs it: every command block, in order, in one bash from the
// repository root, against a server that `npm start` starts on a fresh store; each answer must be
// the one the guide shows, times, request ids and link signatures aside.

/** Each CLI command builds (a cache hit) and opens the store: many seconds on a busy machine. */
const STEP_MS = 180_000;
const WALK_MS = 900_000;

const guidePath = join(REPO_ROOT, 'docs/guide.md');

/** What `npm test` and vitest put in the environment, and the server's settings: a reader's shell has none of it. */
const NOT_A_READERS = /^(npm_package_|npm_lifecycle_|npm_config_local_prefix$|npm_config_workspaces?$|npm_config_include_workspace_root$|npm_command$|INIT_CWD$|VITEST|TEST$|NODE_ENV$)/;
const SETTINGS = ['PORT', 'HOST', 'DATABASE_URL', 'DATA_DIR', 'BOOTSTRAP_TOKEN', 'PUBLIC_URL', 'WEB_CONCURRENCY', 'RATE_LIMIT_PER_MINUTE', 'SITE_TIMEZONE', 'SITE_CURRENCY', 'LOG_LEVEL', 'TOKEN', 'PIPS'];

function readerEnv(store: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([key]) => !NOT_A_READERS.test(key) && !SETTINGS.includes(key));
  return { ...Object.fromEntries(kept), ...store };
}

const firstLine = (step: GuideStep) => step.command.split('\n')[0];

async function walkGuide(test: TestContext, store: Record<string, string>): Promise<void> {
  const steps = guideSteps(await readFile(guidePath, 'utf8'));
  const env = readerEnv(store);
  const shell = await openShellSession(test, REPO_ROOT, env);
  let origin: string | undefined;
  for (const step of steps) {
    const where = `docs/guide.md:${step.line} \`${firstLine(step)}\``;
    if (step.command.trim() === SERVER_COMMAND) {
      // A second terminal: it runs until the test ends. Port 0: the system picks a free one.
      origin = await startInBackground(test, step.command, { cwd: REPO_ROOT, env: { ...env, PORT: '0' }, readyMs: STEP_MS, stopMs: 30_000 });
      const set = await shell.run(`PIPS=${origin}\n`, STEP_MS);
      expect(set.status).toBe(0);
      continue;
    }
    const ran = await shell.run(step.command, STEP_MS);
    expect.soft(ran.status, `${where} exited ${ran.status}; stderr:\n${ran.stderr}`).toBe(0);
    const printed = `${where} printed (stderr: ${ran.stderr || 'none'}):\n${asShown(ran.stdout, origin)}`;
    expect.soft(masked(ran.stdout, origin), printed).toBe(masked(step.answer));
  }
  expect(origin, `the guide starts the server with \`${SERVER_COMMAND}\``).toBeDefined();
}

describe('docs/guide.md', () => {
  it('has command blocks with answers, starts the server once, and makes its token as the README does', async () => {
    const steps = guideSteps(await readFile(guidePath, 'utf8'));
    expect(steps.filter((step) => step.command.trim() === SERVER_COMMAND)).toHaveLength(1);
    expect(steps.filter((step) => step.answer !== '').length).toBeGreaterThan(20);
    const tokenLine = /^TOKEN=\$\(npm run -s pips -- token create [^)]*\)$/m;
    const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
    const fromReadme = tokenLine.exec(readme)?.[0];
    expect(fromReadme, 'README.md makes a token with `TOKEN=$(npm run -s pips -- token create …)`').toBeDefined();
    expect(steps.map((step) => tokenLine.exec(step.command)?.[0]).find(Boolean)).toBe(fromReadme);
  });
});

describe('docs/guide.md, run on the embedded database', () => {
  it('answers every command as the guide shows', { timeout: WALK_MS }, async (test) => {
    const dir = await mkdtemp(join(tmpdir(), 'pips-guide-'));
    // Registered first, so it runs after the server and the shell have stopped.
    test.onTestFinished(() => rm(dir, { recursive: true, force: true }), 60_000);
    await walkGuide(test, { DATA_DIR: join(dir, 'data') });
  });
});

postgresSuites('docs/guide.md, run on PostgreSQL', (adminUrl) => {
  describe('docs/guide.md, run on PostgreSQL', () => {
    it('answers every command as the guide shows', { timeout: WALK_MS }, async (test) => {
      await walkGuide(test, { DATABASE_URL: await freshDatabase(test, adminUrl, 'guide') });
    });
  });
});
