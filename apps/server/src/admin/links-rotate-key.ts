import { LINK_KEY_REFRESH_MS, rotateLinkKey } from '@pips/http';
import type { AdminOperation } from './admin-operation';

/**
 * `pips links rotate-key`: a new key for download links, so every link handed out before is
 * refused (a key that leaked signs nothing that works). Each server process reads the key again
 * within a second; links handed out from then on carry the new one.
 */
export const linksRotateKeyOperation: AdminOperation = {
  name: 'links-rotate-key',
  async run({ ctx }) {
    await rotateLinkKey(ctx.store, ctx.clock);
    return { out: `rotated the download link key: every link handed out before is refused by every server within ${LINK_KEY_REFRESH_MS} ms\n` };
  },
};
