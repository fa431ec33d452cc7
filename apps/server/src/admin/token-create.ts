import { issueToken, parseIssueToken } from '@pips/domain';
import type { AdminOperation } from './admin-operation';
import { decodeNames } from './name-list';

/** `pips token create`: issues a token and prints it alone (its hash is all the store keeps). */
export const tokenCreateOperation: AdminOperation = {
  name: 'token-create',
  async run({ ctx }, args) {
    const issued = await issueToken(ctx, parseIssueToken({ name: args.name ?? '', permissions: decodeNames(args.permissions, 'permissions'), readOnly: args.readOnly === 'true' }));
    return { out: `${issued.token}\n` };
  },
};
