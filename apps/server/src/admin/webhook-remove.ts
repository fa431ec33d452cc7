import { removeWebhook, resumeWebhook } from '@pips/domain';
import { AdminFailure, type AdminOperation } from './admin-operation';

/** The webhook's id from the command line: a whole number, or the command is refused. */
function webhookId(text: string | undefined): number {
  if (text === undefined || !/^\d{1,9}$/.test(text)) throw new AdminFailure([`error: a webhook is named by its id (webhook list): "${text ?? ''}" is not one`]);
  return Number(text);
}

/** `pips webhook remove ID`: no more deliveries to it; a post in flight is its last. */
export const webhookRemoveOperation: AdminOperation = {
  name: 'webhook-remove',
  async run({ ctx }, args) {
    const id = webhookId(args.id);
    await removeWebhook(ctx, id);
    return { out: `removed webhook ${id}\n` };
  },
};

/** `pips webhook resume ID`: delivers again now, from the first event it has not taken. */
export const webhookResumeOperation: AdminOperation = {
  name: 'webhook-resume',
  async run({ ctx }, args) {
    const id = webhookId(args.id);
    const resumed = await resumeWebhook(ctx, id);
    return { out: `resumed webhook ${id} after event ${resumed.deliveredThrough}\n` };
  },
};
