import { describe, expect, it, vi } from 'vitest';
import { get, post, unique, xmlBody } from './client';
import { expectForbidden, expectMessage, expectNestedArray, expectStatus, idOf, type Rec } from './expect-xml';
import { createPart, partSetting } from './part-fixtures';
import { partForms } from './part-forms';
import { runPips } from './pips-cli';
import { targets } from './suite';
import type { Target } from './targets';

// `pips token update` changes a live token while the server serves: on PGlite the CLI hands it
// to the server over its socket, on PostgreSQL it writes the database itself. The server
// remembers a token it checked for a second, so each change is awaited by polling, never a
// fixed sleep. The harness has no CLI (its tokens come from its control routes).

/** Long enough for a loaded machine; the change itself lands within the token cache's second. */
const TAKES_EFFECT = { timeout: 15_000, interval: 100 };
/** Each test runs the CLI a dozen times, a process (and on PostgreSQL a connection) each. */
const CLI_TEST = { timeout: 120_000 };

async function pips(target: Target, ...args: string[]) {
  return runPips(target, args);
}

/** The token's row of `token list`, hash never shown: id, name, permissions, created, revoked, scope. */
async function listed(target: Target, name: string): Promise<string[]> {
  const list = await pips(target, 'token', 'list');
  expect(list.code, list.stderr).toBe(0);
  const rows = list.stdout.trim().split('\n').map((line) => line.split('\t'));
  const live = rows.filter((row) => row[1] === name && row[4] === '-');
  expect(live, list.stdout).toHaveLength(1);
  return live[0]!;
}

async function createToken(target: Target, name: string, ...flags: string[]): Promise<string> {
  const created = await pips(target, 'token', 'create', '--name', name, ...flags);
  expect(created.code, created.stderr).toBe(0);
  return created.stdout.trim();
}

/** A draft assembly and a part to add to it, and how to ask for the line as a given token. */
async function draftBill(target: Target) {
  const setting = await partSetting(target);
  const assembly = await createPart(target, setting, { partnumber: unique('ASM') });
  const child = await createPart(target, setting, { partnumber: unique('LEAF') });
  const body = xmlBody('subpart', { part_id: idOf(assembly), partnumber: child.partnumber as string, quantity: '1' });
  const lines = async (): Promise<Rec[]> => {
    const reply = await get(target, `/parts/${idOf(assembly)}/revisions/${(assembly.revision as Rec).id as string}`);
    return expectNestedArray(reply, 'subparts', 'subpart', partForms.subpart);
  };
  return { add: (token: string) => post(target, '/subpart', { body, token }), lines };
}

describe.each(targets().filter((target) => target.cliEnv !== undefined))('pips token update on $name', (target) => {
  it('adds a permission to a live token, and the running server lets it do what it was refused', CLI_TEST, async () => {
    const name = unique('bom-editor');
    const token = await createToken(target, name, '--permission', 'manage_data');
    const bill = await draftBill(target);
    expectForbidden(await bill.add(token), 'Can create draft part revisions');

    const updated = await pips(target, 'token', 'update', name, '--add-permission', 'create_draft_revisions');
    expect(updated).toMatchObject({ code: 0, stderr: '' });
    expect(updated.stdout).toMatch(new RegExp(`^updated token \\d+ "${name}": create_draft_revisions manage_data; read-write\\n$`));
    expect((await listed(target, name))[2]).toBe('create_draft_revisions manage_data');

    // Refused until the server reads the token again; the first request it lets through adds the line.
    await vi.waitFor(async () => expect((await bill.add(token)).status).toBe(200), TAKES_EFFECT);
    expect(await bill.lines()).toHaveLength(1);
  });

  it('takes a permission away and makes a token read-only or read-write again; token list shows each change', CLI_TEST, async () => {
    const name = unique('steward');
    const token = await createToken(target, name, '--permission', 'manage_data', '--permission', 'view_inventory');
    const createLocation = () => post(target, '/inventory_location', { body: xmlBody('inventory_location', { name: unique('loc') }), token });
    const locations = () => get(target, '/inventory_location', { token });
    expectStatus(await createLocation(), 200);

    expect((await pips(target, 'token', 'update', name, '--read-only')).code).toBe(0);
    const readOnly = await listed(target, name);
    expect([readOnly[2], readOnly[5]]).toEqual(['manage_data view_inventory', 'read-only']);
    await vi.waitFor(async () => expectMessage(await createLocation(), 403, 'This token is read-only: it cannot change data'), TAKES_EFFECT);
    expect((await locations()).status).toBe(200);

    expect((await pips(target, 'token', 'update', name, '--read-write', '--remove-permission', 'view_inventory')).code).toBe(0);
    const readWrite = await listed(target, name);
    expect([readWrite[2], readWrite[5]]).toEqual(['manage_data', 'read-write']);
    await vi.waitFor(async () => expectForbidden(await locations(), 'Can view inventory'), TAKES_EFFECT);
    expectStatus(await createLocation(), 200);

    // The same update again finds the token as asked and says so; nothing is written.
    const again = await pips(target, 'token', 'update', name, '--remove-permission', 'view_inventory');
    expect(again).toMatchObject({ code: 0, stderr: '' });
    expect(again.stdout).toMatch(new RegExp(`^token \\d+ "${name}" already is so: manage_data; read-write\\n$`));
  });

  it('refuses, in one line and exit 1, what it cannot do; the token and what it may do are unchanged', CLI_TEST, async () => {
    const name = unique('kept');
    const token = await createToken(target, name, '--permission', 'view_inventory');
    const revoked = unique('revoked');
    await createToken(target, revoked);
    expect((await pips(target, 'token', 'revoke', revoked)).code).toBe(0);
    const before = await pips(target, 'token', 'list');
    const refusals: Array<[string[], RegExp]> = [
      [[unique('nobody'), '--add-permission', 'manage_data'], /^error: No live token is named or numbered "nobody-[^"]+"$/],
      [[revoked, '--add-permission', 'manage_data'], /^error: Token "revoked-[^"]+" is revoked and cannot be changed; issue a new one$/],
      [[name, '--add-permission', 'fly'], /^error: Unknown permission: fly$/],
      [[name, '--remove-permission', 'view_inventory', '--add-permission', 'swim'], /^error: Unknown permission: swim$/],
      [[name, '--read-only', '--read-write'], /^error: A token is read-only or read-write: ask for one of them, not both$/],
      [[name, '--add-permission', 'manage_data', '--remove-permission', 'manage_data'], /^error: Permission manage_data cannot be both added and removed$/],
      [[name], /^error: Nothing to change: add or remove a permission, or make the token read-only or read-write$/],
      [['bootstrap', '--remove-permission', 'manage_data'], /^error: Token "bootstrap" is BOOTSTRAP_TOKEN's: each start makes it read-write/],
      [['bootstrap', '--read-only'], /^error: Token "bootstrap" is BOOTSTRAP_TOKEN's/],
    ];
    for (const [args, line] of refusals) {
      const refused = await pips(target, 'token', 'update', ...args);
      expect(refused.code, args.join(' ')).toBe(1);
      expect(refused.stdout, args.join(' ')).toBe('');
      expect(refused.stderr.split('\n'), args.join(' ')).toEqual([expect.stringMatching(line), '']);
    }
    expect((await pips(target, 'token', 'list')).stdout).toBe(before.stdout);
    expect((await get(target, '/inventory_location', { token })).status).toBe(200);
    expectForbidden(await post(target, '/inventory_location', { body: xmlBody('inventory_location', { name: unique('loc') }), token }), 'Can manage data');
    expectStatus(await post(target, '/inventory_location', { body: xmlBody('inventory_location', { name: unique('loc') }) }), 200);
  });
});
