import { updateToken, parseUpdateToken, type ApiToken } from '@pips/domain';
import type { AdminOperation } from './admin-operation';
import { decodeNames } from './name-list';

const described = (token: ApiToken) => `${token.permissions || 'no permission'}; ${token.read_only ? 'read-only' : 'read-write'}`;

/**
 * `pips token update NAME-OR-ID --add-permission P --remove-permission P --read-only --read-write`:
 * changes a live token in place (a server's token cache takes it within a second).
 */
export const tokenUpdateOperation: AdminOperation = {
  name: 'token-update',
  async run({ ctx }, args) {
    const { token, changed } = await updateToken(ctx, parseUpdateToken({
      nameOrId: args.nameOrId ?? '',
      add: decodeNames(args.add, 'permissions'),
      remove: decodeNames(args.remove, 'permissions'),
      readOnly: args.readOnly === 'true',
      readWrite: args.readWrite === 'true',
    }));
    const which = `token ${token.id} "${token.name}"`;
    return { out: changed ? `updated ${which}: ${described(token)}\n` : `${which} already is so: ${described(token)}\n` };
  },
};
