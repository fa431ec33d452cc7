import { revokeToken } from '@pips/domain';
import { AdminFailure, type AdminOperation } from './admin-operation';

/** `pips token revoke NAME-OR-ID`: the live tokens so named or numbered stop working (a server's cache forgets them within a second). */
export const tokenRevokeOperation: AdminOperation = {
  name: 'token-revoke',
  async run({ ctx }, args) {
    const nameOrId = args.nameOrId ?? '';
    const count = await revokeToken(ctx, nameOrId);
    if (count === 0) throw new AdminFailure([`error: no live token named or numbered "${nameOrId}"`]);
    return { out: `revoked ${count} token${count === 1 ? '' : 's'}\n` };
  },
};
