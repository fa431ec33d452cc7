import { errors } from '../errors';
import { isPermission, permissions as allPermissions, type Permission, type Principal } from '../permissions';
import type { ApiToken } from '../records';

/** Permission names as a caller gives them, checked (400 naming the unknown ones), without repeats, sorted. */
export function parsePermissions(names: readonly string[]): Permission[] {
  const unknown = names.filter((n) => !isPermission(n));
  if (unknown.length > 0) throw errors.badRequest(`Unknown permission: ${unknown.join(', ')}`);
  return [...new Set(names as Permission[])].sort();
}

/** How a token stores its permissions: the names, space separated, sorted. */
export function permissionsText(granted: readonly Permission[]): string {
  return [...granted].sort().join(' ');
}

/** Every permission, as a token stores them (the bootstrap token's). */
export const EVERY_PERMISSION = permissionsText(allPermissions);

/** Who calls with `token`, and what it may do. */
export function principalOf(token: ApiToken): Principal {
  const names = token.permissions.split(' ').filter(isPermission);
  return { tokenId: token.id, name: token.name, permissions: new Set(names), readOnly: token.read_only };
}
