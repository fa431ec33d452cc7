import { describe, expect, it } from 'vitest';
import { PipsError } from './errors';
import { requirePermission, type Principal } from './permissions';
import { parsePermissions, principalOf } from './tokens';

const actor = (names: string): Principal =>
  principalOf({ id: 1, name: 't', token_hash: 'h', permissions: names, created_at: new Date(), revoked_at: null });

describe('permissions', () => {
  it('lets a caller through only with the named permission', () => {
    expect(() => requirePermission(actor('view_inventory'), 'view_inventory')).not.toThrow();
    expect(() => requirePermission(actor(''), undefined)).not.toThrow();
    const refused = (() => {
      try {
        requirePermission(actor('view_inventory'), 'manage_data');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(PipsError);
    expect((refused as PipsError).code).toBe('forbidden');
    expect((refused as PipsError).message).toBe('You need the permission "Can manage data" for this action');
  });

  it('parses permission names, refusing unknown ones', () => {
    expect(parsePermissions(['view_inventory', 'manage_data', 'manage_data'])).toEqual(['manage_data', 'view_inventory']);
    expect(() => parsePermissions(['admin'])).toThrow('Unknown permission: admin');
  });

  it('drops unknown names stored on a token', () => {
    expect([...actor('manage_data retired_permission').permissions]).toEqual(['manage_data']);
  });
});
