import { commandPermissions, requirePermission, type Context } from '@pips/domain';

/**
 * Adding to a bill asks its permission before the body is parsed, the order the domain's own check
 * keeps: a caller refused hears nothing of its body.
 */
export function requireBillAdding(ctx: Context): void {
  requirePermission(ctx.actor, commandPermissions.billChange);
}
