import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDataDir, postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it, onTestFinished, type TestContext } from 'vitest';
import { freshDatabase, psql, runToEnd, SERVER_CLI, startMain, type Finished } from './test-processes';

const TIMEOUT = 600_000;
const PARENT_RULE = 'Parent must name a record as part/ID, parts/ID/revisions/ID, part_revision/ID, manufacturer/ID, vendor/ID, customer/ID or contact/ID';
const BAD_CHARACTER = 'has a character that is not allowed (a control character or half a surrogate pair)';

/** `npm run pips -- ARGS` as an operator runs it: the built CLI in a process of its own. */
function pips(env: Record<string, string | undefined>, args: readonly string[]): Promise<Finished> {
  return runToEnd(process.execPath, [SERVER_CLI, ...args], { DATABASE_URL: undefined, DATA_DIR: undefined, LOG_LEVEL: undefined, ...env }, 120_000);
}

/** A failure as the CLI must show it: exit 1, nothing on stdout, exactly these lines on stderr, no stack. */
function expectRefused(finished: Finished, lines: ReadonlyArray<string | RegExp>, what: string): void {
  expect({ what, code: finished.code, stdout: finished.stdout }).toEqual({ what, code: 1, stdout: '' });
  expect(finished.stderr.endsWith('\n'), what).toBe(true);
  const printed = finished.stderr.slice(0, -1).split('\n');
  expect(printed, what).toHaveLength(lines.length);
  lines.forEach((line, i) => (typeof line === 'string' ? expect(printed[i], what).toBe(line) : expect(printed[i], what).toMatch(line)));
  expect(finished.stderr, what).not.toMatch(/\n\s+at |node:internal|Error:/);
}

/** The files the cases read: a directory, a missing file, a plain one, one whose name holds a control character. */
async function files() {
  const dir = await mkdtemp(join(tmpdir(), 'pips-cli-hostile-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const notes = join(dir, 'notes.txt');
  await writeFile(notes, 'hello');
  const bell = join(dir, 'a\u0007b.txt');
  await writeFile(bell, 'ding');
  const locked = join(dir, 'locked.txt');
  await writeFile(locked, 'secret');
  await chmod(locked, 0o000);
  return { dir, notes, bell, locked, missing: join(dir, 'missing.pdf') };
}

type Files = Awaited<ReturnType<typeof files>>;
type Case = readonly [what: string, args: readonly string[], lines: ReadonlyArray<string | RegExp>];

/** Usage errors and unreadable files: refused before any store is opened. */
function refusedBeforeTheStore(f: Files, parent: string): Case[] {
  const cases: Case[] = [
    ['a directory', ['attach', '--parent', parent, '--title', 'T', f.dir], [`error: cannot read ${f.dir}: it is a directory, not a file`]],
    ['a missing file', ['attach', '--parent', parent, '--title', 'T', f.missing], [`error: cannot read ${f.missing}: no such file or directory`]],
    ['a device', ['attach', '--parent', parent, '--title', 'T', '/dev/null'], ['error: cannot read /dev/null: it is not a file or a pipe']],
    ['an import of a directory', ['import', 'purchase-orders', f.dir], [`error: cannot read ${f.dir}: it is a directory, not a file`]],
    ['no title', ['attach', '--parent', parent, f.notes], ["error: required option '--title <title>' not specified"]],
    ['a title with no value', ['attach', '--parent', parent, '--title'], ["error: option '--title <title>' argument missing"]],
    ['an unknown option', ['attach', '--parent', parent, '--title', 'T', '--colour', 'red', f.notes], ["error: unknown option '--colour'"]],
    ['an unknown option holding a line break', ['token', 'list', '--a\nb'], ["error: unknown option '--a\\nb'"]],
    ['two files', ['attach', '--parent', parent, '--title', 'T', f.notes, f.notes], ["error: too many arguments for 'attach'. Expected 1 argument but got 2."]],
    ['detach without an id', ['detach'], ["error: missing required argument 'id'"]],
    ['no command', [], ['error: pips needs a command: token, links, webhook, migrate, db, import, attach, detach, backup, restore (pips --help says more)']],
    ['a group without its command', ['token'], ['error: pips token needs a command: create, list, revoke, update (pips token --help says more)']],
    ['db without its command', ['db'], ['error: pips db needs a command: create, vacuum (pips db --help says more)']],
    ['webhook without its command', ['webhook'], ['error: pips webhook needs a command: add, list, remove, resume (pips webhook --help says more)']],
    ['webhook add without a URL', ['webhook', 'add'], ["error: missing required argument 'url'"]],
    ['an unknown command', ['token', 'frob'], ["error: unknown command 'frob'"]],
    ['an argument to migrate', ['migrate', 'now'], ["error: too many arguments for 'migrate'. Expected 0 arguments but got 1."]],
  ];
  // Root reads any file: the unreadable one only is one to another user.
  if (process.getuid?.() !== 0) cases.push(['an unreadable file', ['attach', '--parent', parent, '--title', 'T', f.locked], [`error: cannot read ${f.locked}: permission denied`]]);
  return cases;
}

/** What the domain refuses, as the API would: every one reaches the store's rules through the domain. */
function refusedByTheDomain(f: Files, parent: string): Case[] {
  return [
    ['a control character in the title', ['attach', '--parent', parent, '--title', 'a\u0001b', f.notes], [`error: Title ${BAD_CHARACTER}`]],
    ['a title of 100,000 characters', ['attach', '--parent', parent, '--title', 'x'.repeat(100_000), f.notes], ['error: Title is too long (maximum is 255 characters)']],
    ['controls in the file name and the note type', ['attach', '--parent', parent, '--title', 'T', '--note-type', 'a\u001b[31m', f.bell], [`error: Filename ${BAD_CHARACTER}`, `error: Note type ${BAD_CHARACTER}`]],
    ['a content type that is no media type', ['attach', '--parent', parent, '--title', 'T', '--content-type', 'text/plain\r\nX-Evil: 1', f.notes], ['error: Content type must be a media type such as application/pdf or text/plain; charset=utf-8']],
    ['a parent past the largest id', ['attach', '--parent', 'part/9999999999', '--title', 'T', f.notes], ['error: Part must exist']],
    ['a parent that is no path', ['attach', '--parent', 'shelf/1', '--title', 'T', f.notes], [`error: ${PARENT_RULE}`]],
    ['a parent that names nothing', ['attach', '--parent', 'vendor/424242', '--title', 'T', f.notes], ['error: Vendor must exist']],
    ['a detach id that is no number', ['detach', 'abc'], ["error: Couldn't find Attachment with 'id'=abc"]],
    ['a detach id past the largest', ['detach', '99999999999'], ["error: Couldn't find Attachment with 'id'=99999999999"]],
    ['a detach id holding a line break', ['detach', '1\n2'], ["error: Couldn't find Attachment with 'id'=1\\n2"]],
    ['a control character in a token name', ['token', 'create', '--name', 'a\u0001b'], [`error: Name ${BAD_CHARACTER}`]],
    ['a token name of 300 characters', ['token', 'create', '--name', 'n'.repeat(300)], ['error: Name is too long (maximum is 255 characters)']],
    ['a blank token name', ['token', 'create', '--name', '   '], ["error: Name can't be blank"]],
    ['an unknown permission holding a line break', ['token', 'create', '--name', 'n', '--permission', 'fly\nx'], ['error: Unknown permission: fly\\nx']],
    ['a revoke of a name holding terminal controls', ['token', 'revoke', '\u001b[2Jx'], ['error: no live token named or numbered "\\u001b[2Jx"']],
    ['an import that is no XML', ['import', 'purchase-orders', f.notes], [/^error: the file is not XML the import reads: /]],
    ['a webhook URL holding a password', ['webhook', 'add', 'https://u:hunter2@hooks.example/'], ['error: A webhook URL must be an absolute http or https URL, with no user name, password or fragment']],
    ['a webhook type holding a line break', ['webhook', 'add', 'https://hooks.example/', '--type', 'a\nb'], ["error: Invalid event type 'a\\nb': a type such as inventory_unit.split, or a family such as inventory_unit"]],
    ['a webhook secret of the wrong form', ['webhook', 'add', 'https://hooks.example/', '--secret', 'hunter2'], ['error: A webhook secret must be whsec_ followed by the base64 of 24 to 64 bytes; leave it out to have one made']],
    ['a webhook id holding a line break', ['webhook', 'remove', '1\n2'], ['error: a webhook is named by its id (webhook list): "1\\n2" is not one']],
    ['a webhook that is not there', ['webhook', 'resume', '424242'], ["error: Couldn't find Webhook with 'id'=424242"]],
  ];
}

/** Runs the cases `at` a time (each is a process of its own); every one must be refused as listed. */
async function expectAllRefused(env: Record<string, string | undefined>, cases: readonly Case[], at = 3): Promise<void> {
  const queue = [...cases];
  let failed = false;
  const worker = async () => {
    for (let next = queue.shift(); next; next = failed ? undefined : queue.shift()) {
      const [what, args, lines] = next;
      try {
        expectRefused(await pips(env, args), lines, what);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Every worker ends before a failure is reported: no CLI process may outlive the test and its DATA_DIR.
  const ended = await Promise.allSettled(Array.from({ length: at }, worker));
  for (const outcome of ended) if (outcome.status === 'rejected') throw outcome.reason;
}

/** Files under DATA_DIR/blobs other than uploads in progress. */
async function keptBlobFiles(dataDir: string): Promise<string[]> {
  const entries = await readdir(join(dataDir, 'blobs'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && !entry.parentPath.endsWith('tmp')).map((entry) => entry.name);
}

async function api(url: URL, path: string, init?: RequestInit): Promise<string> {
  const answer = await fetch(new URL(`/api/v2/t${path}`, url), init);
  expect(answer.status, path).toBe(200);
  return answer.text();
}

/** A server on `env` with the token `t`, and a vendor to attach to. */
async function serving(test: TestContext, env: Record<string, string>) {
  const server = startMain(test, { ...env, PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
  const url = await server.listening();
  const vendor = await api(url, '/vendor', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<vendor><name>Mouser</name></vendor>' });
  return { server, url, parent: `vendor/${/<id>(\d+)<\/id>/.exec(vendor)![1]}` };
}

/** After every refusal: no attachment, no token but the bootstrap one, as the API and the CLI read them. */
async function expectNothingChanged(env: Record<string, string | undefined>, url: URL): Promise<void> {
  expect(await api(url, '/attachments')).not.toContain('<attachment>');
  const tokens = await pips(env, ['token', 'list']);
  expect(tokens.code).toBe(0);
  expect(tokens.stdout.trim().split('\n').slice(1).map((row) => row.split('\t')[1])).toEqual(['bootstrap']);
}

/** What the CLI may store, it stores as given, and the API reads it back exactly: a pipe's bytes, any character XML carries. */
async function expectKeptAsGiven(env: Record<string, string | undefined>, url: URL, parent: string, dir: string): Promise<void> {
  const fifo = join(dir, 'pipe');
  expect((await runToEnd('mkfifo', [fifo], {})).code).toBe(0);
  const bytes = Buffer.from('%PDF-1.7 through a pipe');
  const title = 'Datasheet 😀 <rev B> & "co"\ttabbed';
  const attached = pips(env, ['attach', '--parent', parent, '--title', title, '--content-type', 'application/pdf', fifo]);
  await writeFile(fifo, bytes);
  const done = await attached;
  expect(done.stderr).toBe('');
  const id = /^attachment (\d+): /.exec(done.stdout)?.[1];
  expect(done.stdout).toBe(`attachment ${id}: ${bytes.length} bytes, md5 ${createHash('md5').update(bytes).digest('hex')}, on ${parent}\n`);
  const shown = await api(url, `/attachments/${id}`);
  expect(shown).toContain('<title>Datasheet 😀 &lt;rev B&gt; &amp; &quot;co&quot;\ttabbed</title>');
  expect(shown).toContain('<content_type>application/pdf</content_type>');
  expect(await pips(env, ['detach', String(id)])).toMatchObject({ code: 0, stderr: '' });
}

describe('the CLI on hostile input, on the embedded database', () => {
  it('refuses each in one line and exit 1, changing nothing, whether it opens the database itself or a running server does', { timeout: TIMEOUT }, async (test) => {
    const f = await files();
    const dataDir = await pgliteDataDir('migrated');
    const env = { DATA_DIR: dataDir };

    // Stopped: the CLI opens the database itself (a few cases: each opens it anew).
    await expectAllRefused(env, refusedBeforeTheStore(f, 'vendor/1'));
    // One at a time: the embedded database belongs to one process.
    await expectAllRefused(env, refusedByTheDomain(f, 'vendor/1').filter(([what]) => /control character in the title|past the largest id|token name of 300/.test(what)), 1);
    expect(await keptBlobFiles(dataDir)).toEqual([]);
    const stopped = await pips(env, ['token', 'list']);
    expect(stopped).toMatchObject({ code: 0, stdout: 'id\tname\tpermissions\tcreated\trevoked\tscope\n' });

    // Running: the CLI hands every command to the server over its socket.
    const { server, url, parent } = await serving(test, env);
    await expectAllRefused(env, [...refusedBeforeTheStore(f, parent), ...refusedByTheDomain(f, parent)]);
    expectRefused(await pips(env, ['migrate']), [/^error: The embedded database in .* is in use by process \d+; stop the server first/], 'migrate beside the server');
    await expectNothingChanged(env, url);
    expect(await keptBlobFiles(dataDir)).toEqual([]);
    await expectKeptAsGiven(env, url, parent, f.dir);
    expect(server.stderr()).toBe('');
  });
});

postgresSuites('the CLI on hostile input, on PostgreSQL', (adminUrl) => {
  describe('the CLI on hostile input, on PostgreSQL', () => {
    it('refuses each in one line and exit 1, changing nothing', { timeout: TIMEOUT }, async (test) => {
      const f = await files();
      const databaseUrl = await freshDatabase(test, adminUrl, 'cli_hostile');
      const env = { DATABASE_URL: databaseUrl };
      const { server, url, parent } = await serving(test, env);
      await expectAllRefused(env, [...refusedBeforeTheStore(f, parent), ...refusedByTheDomain(f, parent)]);
      await expectNothingChanged(env, url);
      expect(await psql(databaseUrl, 'select count(*) from pg_largeobject_metadata')).toBe('0');
      await expectKeptAsGiven(env, url, parent, f.dir);
      expect(server.stderr()).toBe('');
    });
  });
});
