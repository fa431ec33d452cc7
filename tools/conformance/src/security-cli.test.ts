import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { get } from './client';
import { attachmentForms, detach } from './attachment-fixtures';
import { expectList, idOf, type Rec } from './expect-xml';
import { createVendor } from './fixtures';
import { runPips, type CliResult } from './pips-cli';
import { targets } from './suite';
import type { Target } from './targets';

/**
 * The CLI is an entry point as the API is: what it stores passes the domain's rules (characters,
 * lengths, required fields, ids), and every failure is one line on stderr and exit 1, never a
 * stack. Each refusal is followed by a read-back through the API and the CLI showing nothing changed.
 */

const BAD_CHARACTER = 'has a character that is not allowed (a control character or half a surrogate pair)';

const withCli = targets().filter((target) => target.cliEnv);
for (const target of targets().filter((t) => !t.cliEnv)) {
  console.warn(`\n[conformance] NOTICE: the CLI cases are SKIPPED on ${target.name}: it has no CLI (its data comes in through its /__harness/ control routes).\n`);
  describe.skip(`the CLI on ${target.name} (no CLI: its data comes in through /__harness/)`, () => {
    it('has no CLI to hold to the rules', () => undefined);
  });
}

function expectOneLineRefusal(result: CliResult, line: string): void {
  expect(result).toEqual({ code: 1, stdout: '', stderr: `${line}\n` });
}

/** What a refusal must leave as it was: the attachments and the tokens, as the API and the CLI read them. */
async function snapshot(target: Target): Promise<{ attachments: Rec[]; tokens: string }> {
  const attachments = expectList(await get(target, '/attachments'), 'attachments', 'attachment', attachmentForms.attachment);
  const tokens = await runPips(target, ['token', 'list']);
  expect(tokens.code).toBe(0);
  return { attachments, tokens: tokens.stdout };
}

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pips-conformance-cli-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe.each(withCli)('the CLI holds what it is given to the API’s rules on $name', (target) => {
  it('refuses text the API refuses, names past their length and ids no record has, each in one line, and nothing changes', async () => {
    const vendor = `vendor/${idOf(await createVendor(target))}`;
    const dir = await scratch();
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, 'hello');
    const before = await snapshot(target);
    const refusals: Array<[string[], string]> = [
      [['attach', '--parent', vendor, '--title', 'a\u0001b', notes], `error: Title ${BAD_CHARACTER}`],
      [['attach', '--parent', vendor, '--title', 'T', '--note-type', '\u001b[31mred', notes], `error: Note type ${BAD_CHARACTER}`],
      [['attach', '--parent', vendor, '--title', 't'.repeat(256), notes], 'error: Title is too long (maximum is 255 characters)'],
      [['attach', '--parent', vendor, '--title', 'T', '--content-type', 'text/html\r\nSet-Cookie: a=b', notes], 'error: Content type must be a media type such as application/pdf or text/plain; charset=utf-8'],
      [['attach', '--parent', 'part/2147483648', '--title', 'T', notes], 'error: Part must exist'],
      [['token', 'create', '--name', 'ops\u0002'], `error: Name ${BAD_CHARACTER}`],
      [['token', 'create', '--name', 'n'.repeat(256)], 'error: Name is too long (maximum is 255 characters)'],
      [['detach', '2147483648'], "error: Couldn't find Attachment with 'id'=2147483648"],
      [['detach', 'one\ntwo'], "error: Couldn't find Attachment with 'id'=one\\ntwo"],
    ];
    for (const [args, line] of refusals) expectOneLineRefusal(await runPips(target, args), line);
    expect(await snapshot(target)).toEqual(before);
  });

  it('refuses a file it cannot read as a file, and usage it does not know, each in one line, and nothing changes', async () => {
    const vendor = `vendor/${idOf(await createVendor(target))}`;
    const dir = await scratch();
    const before = await snapshot(target);
    expectOneLineRefusal(await runPips(target, ['attach', '--parent', vendor, '--title', 'T', dir]), `error: cannot read ${dir}: it is a directory, not a file`);
    expectOneLineRefusal(await runPips(target, ['attach', '--parent', vendor, '--title', 'T', join(dir, 'gone.pdf')]), `error: cannot read ${join(dir, 'gone.pdf')}: no such file or directory`);
    expectOneLineRefusal(await runPips(target, ['import', 'purchase-orders', dir]), `error: cannot read ${dir}: it is a directory, not a file`);
    expectOneLineRefusal(await runPips(target, ['attach', '--parent', vendor, '--title', 'T', '--force', dir]), "error: unknown option '--force'");
    expectOneLineRefusal(await runPips(target, ['token']), 'error: pips token needs a command: create, list, revoke, update (pips token --help says more)');
    expect(await snapshot(target)).toEqual(before);
  });

  it('stores what the API would take exactly as given, and the API reads it back', async () => {
    const vendor = `vendor/${idOf(await createVendor(target))}`;
    const dir = await scratch();
    const file = join(dir, 'Datenblatt «B» 😀.txt');
    await writeFile(file, 'x');
    const title = 'Line\tcard <B> & "C" 😀\u007F\uFFFD';
    const result = await runPips(target, ['attach', '--parent', vendor, '--title', title, file]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const id = Number(/^attachment (\d+):/.exec(result.stdout)?.[1]);
    const shown = (await get(target, `/attachments/${id}`)).xml?.attachment as Rec;
    expect(shown).toMatchObject({ title, content_type: 'text/plain', parent_reference: vendor });
    await detach(target, id);
  });
});
