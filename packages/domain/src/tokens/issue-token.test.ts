import { describe, expect, it } from 'vitest';
import { isPipsError } from '../errors';
import { createFakeStore } from '../test';
import { issueToken } from './issue-token';
import { parseIssueToken } from './issue-token-input';
import { revokeToken } from './revoke-token';

const deps = () => ({ store: createFakeStore(), clock: { now: () => new Date(0) } });

describe('issueToken', () => {
  it('refuses a name longer than any string field allows, before touching the store', async () => {
    const d = deps();
    const error = await Promise.resolve()
      .then(() => issueToken(d, parseIssueToken({ name: 'x'.repeat(256), permissions: [] })))
      .catch((e: unknown) => e);
    expect(isPipsError(error) && [error.code, error.messages]).toEqual([
      'invalid',
      ['Name is too long (maximum is 255 characters)'],
    ]);
    expect(d.store.transactions).toBe(0);
  });

  it('keeps a name of 255 characters, trimmed', async () => {
    const issued = await issueToken(deps(), parseIssueToken({ name: ` ${'x'.repeat(255)} `, permissions: ['manage_data'] }));
    expect(issued.record.name).toBe('x'.repeat(255));
  });

  it('refuses a second live token with the same name, and issues it again once that one is revoked', async () => {
    const d = deps();
    await issueToken(d, parseIssueToken({ name: 'ci', permissions: [] }));
    const error = await issueToken(d, parseIssueToken({ name: 'ci', permissions: [] })).catch((e: unknown) => e);
    expect(isPipsError(error) && [error.code, error.messages]).toEqual(['invalid', ['Name has already been taken']]);
    expect(await revokeToken(d, 'ci')).toBe(1);
    expect((await issueToken(d, parseIssueToken({ name: 'ci', permissions: [] }))).record.id).toBe(2);
  });
});
