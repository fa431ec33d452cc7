import { describe, expect, it } from 'vitest';
import { PipsError } from './errors';
import { requirePermission, type Permission, type Principal } from './permissions';

const actor = (...names: Permission[]): Principal => ({ tokenId: 1, name: 't', permissions: new Set(names), readOnly: false });

describe('permissions', () => {
  it('lets a caller through only with the named permission', () => {
    expect(() => requirePermission(actor('view_inventory'), 'view_inventory')).not.toThrow();
    expect(() => requirePermission(actor(), undefined)).not.toThrow();
    const refused = (() => {
      try {
        requirePermission(actor('view_inventory'), 'manage_data');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(PipsError);
    expect((refused as PipsError).code).toBe('forbidden');
    expect((refused as PipsError).message).toBe('You need the permission "Can manage data" (manage_data) for this action');
  });
});
