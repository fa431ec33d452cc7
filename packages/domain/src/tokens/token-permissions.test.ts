import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../records';
import { parsePermissions, permissionsText, principalOf } from './token-permissions';

const tokenWith = (permissions: string): ApiToken => ({
  id: 4,
  name: 't',
  token_hash: 'h',
  permissions,
  read_only: false,
  created_at: new Date(0),
  revoked_at: null,
});

describe('token permissions', () => {
  it('parses permission names, refusing unknown ones', () => {
    expect(parsePermissions(['view_inventory', 'manage_data', 'manage_data'])).toEqual(['manage_data', 'view_inventory']);
    expect(() => parsePermissions(['admin'])).toThrow('Unknown permission: admin');
  });

  it('stores them as sorted text and reads them back', () => {
    const text = permissionsText(['view_inventory', 'manage_data']);
    expect(text).toBe('manage_data view_inventory');
    expect(principalOf(tokenWith(text))).toEqual({
      tokenId: 4,
      name: 't',
      permissions: new Set(['manage_data', 'view_inventory']),
      readOnly: false,
    });
  });

  it('carries a read-only token\'s scope to its caller', () => {
    expect(principalOf({ ...tokenWith('view_inventory'), read_only: true }).readOnly).toBe(true);
  });

  it('drops unknown names stored on a token', () => {
    expect([...principalOf(tokenWith('manage_data retired_permission')).permissions]).toEqual(['manage_data']);
  });
});
