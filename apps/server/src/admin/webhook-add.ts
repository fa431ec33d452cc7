import { addWebhook, parseAddWebhook } from '@pips/domain';
import { decodeNames } from './name-list';
import type { AdminOperation } from './admin-operation';

/**
 * `pips webhook add URL`: prints the new webhook's id, and the secret after a tab when PIPS made
 * it (shown this once). A secret given is not printed back.
 */
export const webhookAddOperation: AdminOperation = {
  name: 'webhook-add',
  async run({ ctx }, args) {
    const input = parseAddWebhook({
      url: args.url ?? '',
      // The JSON list every repeated option crosses to the server as (`encodeNames`).
      types: decodeNames(args.types, 'types'),
      ...(args.secret === undefined ? {} : { secret: args.secret }),
      ...(args.after === undefined ? {} : { after: /^\d+$/.test(args.after) ? Number(args.after) : -1 }),
    });
    const added = await addWebhook(ctx, input);
    return { out: args.secret === undefined ? `${added.id}\t${input.secret}\n` : `${added.id}\n` };
  },
};
