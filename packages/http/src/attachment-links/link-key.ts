import { randomBytes } from 'node:crypto';
import { siteSecret, type Clock, type Store } from '@pips/domain';

/** The site secret download links are signed with. */
export const LINK_KEY_NAME = 'attachment_link_key';

/**
 * The signing key, read from the store once per app (made there the first time any process needs
 * it), so every server process on one database signs and checks alike, across restarts.
 */
export function linkKey(store: Store, clock: Clock): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= siteSecret({ store, clock }, LINK_KEY_NAME, () => randomBytes(32).toString('base64url')).then(
      (value) => Buffer.from(value, 'base64url'),
      (error: unknown) => {
        // A failed read (the store briefly down) is tried again by the next request.
        key = null;
        throw error;
      },
    );
    return key;
  };
}
