import { errors } from './errors';

export const permissions = ['manage_data', 'view_inventory', 'edit_released_revisions', 'create_draft_revisions'] as const;
export type Permission = (typeof permissions)[number];

export const permissionLabels: Record<Permission, string> = {
  manage_data: 'Can manage data',
  view_inventory: 'Can view inventory',
  edit_released_revisions: 'Can edit released part revisions',
  create_draft_revisions: 'Can create draft part revisions',
};

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}

/** Who is calling: the token's name and what it may do. */
export interface Principal {
  tokenId: number;
  name: string;
  permissions: ReadonlySet<Permission>;
  /** A read-only token: it reads as its permissions allow and changes nothing. */
  readOnly: boolean;
}

export function requirePermission(actor: Principal, permission: Permission | undefined): void {
  if (permission && !actor.permissions.has(permission)) throw errors.forbidden(permissionLabels[permission], permission);
}
