import { describe, expect, it } from 'vitest';
import { createFakeStore } from '../test';
import { authenticate } from './authenticate';
import { issueToken } from './issue-token';
import { parseIssueToken } from './issue-token-input';

const deps = () => ({ store: createFakeStore(), clock: { now: () => new Date(0) } });

describe('authenticate', () => {
  it('knows the caller by the token, with exactly its permissions', async () => {
    const d = deps();
    const { token, record } = await issueToken(d, parseIssueToken({ name: 'ci', permissions: ['view_inventory'] }));
    const principal = await authenticate(d, token);
    expect(principal).toEqual({ tokenId: record.id, name: 'ci', permissions: new Set(['view_inventory']), readOnly: false });
  });

  it('knows a read-only token as read-only', async () => {
    const d = deps();
    const { token } = await issueToken(d, parseIssueToken({ name: 'ro', permissions: ['view_inventory'], readOnly: true }));
    expect(await authenticate(d, token)).toMatchObject({ readOnly: true, permissions: new Set(['view_inventory']) });
  });

  it('refuses an empty token without asking the store, and an unknown one', async () => {
    const d = deps();
    await expect(authenticate(d, '')).rejects.toMatchObject({ code: 'unauthorized', messages: ['Invalid API token'] });
    expect(d.store.transactions).toBe(0);
    await expect(authenticate(d, 'nope')).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
