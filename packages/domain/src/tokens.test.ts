import { describe, expect, it } from 'vitest';
import { isPipsError } from './errors';
import { issueToken } from './tokens';
import { createFakeStore } from './testing/fake-store';

const deps = () => ({ store: createFakeStore(), clock: { now: () => new Date(0) } });

describe('issueToken', () => {
  it('refuses a name longer than any string field allows, before touching the store', async () => {
    const d = deps();
    const error = await issueToken(d, { name: 'x'.repeat(256), permissions: [] }).catch((e: unknown) => e);
    expect(isPipsError(error) && [error.code, error.messages]).toEqual([
      'invalid',
      ['Name is too long (maximum is 255 characters)'],
    ]);
    expect(d.store.transactions).toBe(0);
  });

  it('refuses a blank name', async () => {
    const error = await issueToken(deps(), { name: '  ', permissions: [] }).catch((e: unknown) => e);
    expect(isPipsError(error) && error.messages).toEqual(["Name can't be blank"]);
  });

  it('keeps a name of 255 characters, trimmed', async () => {
    const issued = await issueToken(deps(), { name: ` ${'x'.repeat(255)} `, permissions: ['manage_data'] });
    expect(issued.record.name).toBe('x'.repeat(255));
  });
});
