import { randomBytes } from 'node:crypto';
import { rotateSiteSecret, siteSecret, type Clock, type Store } from '@pips/domain';

/** The site secret download links are signed with. */
export const LINK_KEY_NAME = 'attachment_link_key';

/** How long a process keeps the key it read before reading it again: as long as a token check is remembered. */
export const LINK_KEY_REFRESH_MS = 1000;

const newKey = () => randomBytes(32).toString('base64url');

/**
 * The signing key, kept in the store (made there the first time any process needs it), so every
 * server process on one database signs and checks alike, across restarts. Each app reads it again
 * once `refreshMs` have passed since its last read (0: every call), so a key rotated by any
 * process, or by the CLI, is used everywhere within that time.
 */
export function linkKey(store: Store, clock: Clock, refreshMs = LINK_KEY_REFRESH_MS, now: () => number = () => performance.now()): () => Promise<Buffer> {
  let kept: { key: Promise<Buffer>; until: number } | null = null;
  return () => {
    const at = now();
    if (kept && at < kept.until) return kept.key;
    // Timed from the start of the read: a read begun before a rotation is used no longer than that.
    const key = siteSecret({ store, clock }, LINK_KEY_NAME, newKey).then((value) => Buffer.from(value, 'base64url'));
    const entry = { key, until: refreshMs > 0 ? at + refreshMs : at };
    kept = entry;
    // A failed read (the store briefly down) is tried again by the next request.
    key.catch(() => {
      if (kept === entry) kept = null;
    });
    return key;
  };
}

/**
 * Replaces the signing key with a new random one: every link signed before is refused from then
 * on, by each server process once it reads the key again (within `LINK_KEY_REFRESH_MS`).
 */
export async function rotateLinkKey(store: Store, clock: Clock): Promise<void> {
  await rotateSiteSecret({ store, clock }, LINK_KEY_NAME, newKey);
}
