import { describe, expect, it } from 'vitest';
import { parseUpdateToken } from './update-token-input';

const ask = { nameOrId: ' ops ', add: [] as string[], remove: [] as string[] };

describe('parseUpdateToken', () => {
  it('reads the name trimmed, the permissions checked and sorted, and the scope asked for', () => {
    expect(parseUpdateToken({ ...ask, add: ['view_inventory', 'manage_data', 'view_inventory'], remove: ['create_draft_revisions'] })).toEqual({
      nameOrId: 'ops',
      add: ['manage_data', 'view_inventory'],
      remove: ['create_draft_revisions'],
      readOnly: undefined,
    });
    expect(parseUpdateToken({ ...ask, readOnly: true }).readOnly).toBe(true);
    expect(parseUpdateToken({ ...ask, readWrite: true }).readOnly).toBe(false);
  });

  it('refuses unknown permissions, added or removed, as token create does', () => {
    expect(() => parseUpdateToken({ ...ask, add: ['fly'], remove: ['swim', 'manage_data'] })).toThrow(
      expect.objectContaining({ code: 'bad_request', messages: ['Unknown permission: fly, swim'] }),
    );
  });

  it('refuses read-only together with read-write', () => {
    expect(() => parseUpdateToken({ ...ask, readOnly: true, readWrite: true })).toThrow(
      expect.objectContaining({ code: 'invalid', messages: ['A token is read-only or read-write: ask for one of them, not both'] }),
    );
  });

  it('refuses a permission both added and removed', () => {
    expect(() => parseUpdateToken({ ...ask, add: ['manage_data', 'view_inventory'], remove: ['view_inventory', 'manage_data'] })).toThrow(
      expect.objectContaining({ code: 'invalid', messages: ['Permissions manage_data, view_inventory cannot be both added and removed'] }),
    );
  });

  it('refuses an update that asks for nothing', () => {
    expect(() => parseUpdateToken(ask)).toThrow(
      expect.objectContaining({
        code: 'invalid',
        messages: ['Nothing to change: add or remove a permission, or make the token read-only or read-write'],
      }),
    );
    expect(() => parseUpdateToken({ ...ask, readOnly: false, readWrite: false })).toThrow(expect.objectContaining({ code: 'invalid' }));
  });
});
