import { describe, expect, it } from 'vitest';
import { createFakeStore } from '../test';
import { authenticate } from './authenticate';
import { ensureToken } from './ensure-token';
import { issueToken } from './issue-token';
import { parseIssueToken } from './issue-token-input';
import { revokeToken } from './revoke-token';
import { updateToken } from './update-token';
import { parseUpdateToken } from './update-token-input';

const deps = () => ({ store: createFakeStore(), clock: { now: () => new Date(0) } });
/** What `command` is refused with: its parse step's refusal as well as the use case's. */
const refusal = (command: () => Promise<unknown>) => Promise.resolve().then(command).then(() => 'no refusal', (error: { code?: string; message?: string }) => [error.code, error.message]);

describe('updateToken', () => {
  it('changes what a live token may do, found by name or id, with its row locked', async () => {
    const d = deps();
    const { token, record } = await issueToken(d, parseIssueToken({ name: 'ops', permissions: ['manage_data'] }));
    const updated = await updateToken(d, parseUpdateToken({ nameOrId: 'ops', add: ['create_draft_revisions'], remove: [], readOnly: true }));
    expect(updated).toMatchObject({ changed: true, token: { id: record.id, permissions: 'create_draft_revisions manage_data', read_only: true } });
    expect(d.store.locked).toContainEqual({ table: 'api_token', where: { name: 'ops' } });
    const principal = await authenticate(d, token);
    expect([...principal.permissions]).toEqual(['create_draft_revisions', 'manage_data']);
    expect(principal.readOnly).toBe(true);

    await updateToken(d, parseUpdateToken({ nameOrId: String(record.id), add: [], remove: ['manage_data'], readWrite: true }));
    expect(await d.store.rows('api_token')).toMatchObject([{ permissions: 'create_draft_revisions', read_only: false }]);
  });

  it('writes nothing when the token already is as asked', async () => {
    const d = deps();
    await issueToken(d, parseIssueToken({ name: 'ops', permissions: ['manage_data'] }));
    d.store.failNextWrite(new Error('no write was expected'));
    expect(await updateToken(d, parseUpdateToken({ nameOrId: 'ops', add: ['manage_data'], remove: [], readWrite: true }))).toMatchObject({ changed: false });
  });

  it('refuses unknown, revoked and bootstrap tokens and bad requests, and changes nothing', async () => {
    const d = deps();
    await issueToken(d, parseIssueToken({ name: 'ops', permissions: ['manage_data'] }));
    await issueToken(d, parseIssueToken({ name: 'gone', permissions: [] }));
    await revokeToken(d, 'gone');
    await ensureToken(d, 'secret', 'bootstrap');
    const before = await d.store.rows('api_token');
    const transactions = d.store.transactions;

    expect(await refusal(() => updateToken(d, parseUpdateToken({ nameOrId: 'ops', add: ['fly'], remove: [] })))).toEqual(['bad_request', 'Unknown permission: fly']);
    expect(await refusal(() => updateToken(d, parseUpdateToken({ nameOrId: 'ops', add: [], remove: [], readOnly: true, readWrite: true })))).toEqual([
      'invalid',
      'A token is read-only or read-write: ask for one of them, not both',
    ]);
    expect(await refusal(() => updateToken(d, parseUpdateToken({ nameOrId: 'ops', add: [], remove: [] })))).toMatchObject(['invalid', expect.stringMatching(/^Nothing to change/)]);
    expect(d.store.transactions).toBe(transactions);

    expect(await refusal(() => updateToken(d, parseUpdateToken({ nameOrId: 'nobody', add: ['manage_data'], remove: [] })))).toEqual([
      'not_found',
      'No live token is named or numbered "nobody"',
    ]);
    expect(await refusal(() => updateToken(d, parseUpdateToken({ nameOrId: 'gone', add: ['manage_data'], remove: [] })))).toMatchObject(['unprocessable', expect.stringMatching(/is revoked/)]);
    expect(await refusal(() => updateToken(d, parseUpdateToken({ nameOrId: 'bootstrap', add: [], remove: ['manage_data'] })))).toMatchObject([
      'unprocessable',
      expect.stringMatching(/BOOTSTRAP_TOKEN/),
    ]);
    expect(await d.store.rows('api_token')).toEqual(before);
  });
});
