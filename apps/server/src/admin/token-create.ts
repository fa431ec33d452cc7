import { issueToken, parseIssueToken } from '@pips/domain';
import { AdminFailure, type AdminOperation } from './admin-operation';

/** `--permission` values as they cross to the server: a JSON list, so no value can split another. */
export const encodePermissions = (permissions: readonly string[]): string => JSON.stringify(permissions);

/** The list `encodePermissions` wrote; anything else is refused. */
export function decodePermissions(text: string | undefined): string[] {
  const parsed: unknown = JSON.parse(text ?? '[]');
  if (!Array.isArray(parsed) || !parsed.every((p): p is string => typeof p === 'string')) throw new AdminFailure(['error: permissions must be a list of names']);
  return parsed;
}

/** `pips token create`: issues a token and prints it alone (its hash is all the store keeps). */
export const tokenCreateOperation: AdminOperation = {
  name: 'token-create',
  async run({ ctx }, args) {
    const issued = await issueToken(ctx, parseIssueToken({ name: args.name ?? '', permissions: decodePermissions(args.permissions), readOnly: args.readOnly === 'true' }));
    return { out: `${issued.token}\n` };
  },
};
