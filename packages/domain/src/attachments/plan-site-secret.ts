import { eventStep, type EventSource } from '../events';
import type { SiteSecret } from '../records';
import { insertedId, insertRow, updateRow, writePlan, type WritePlan } from '../write-plan';

/** What a rotation's first secret's insert is named, for its event's path. */
const FIRST = 'secret';

/** Storing the first site secret `name`, made at `now`. */
export function planFirstSiteSecret(name: string, value: string, now: Date): WritePlan {
  return writePlan([insertRow('site_secret', { name, value, created_at: now })]);
}

/**
 * Replacing the site secret `name` with `value`: the row `found` (read locked, so it expects
 * nothing) takes it, or the first one is stored when there was none. Its event,
 * `site_secret.rotated` at `site_secret/<id>`, says which secret and when, never its value; seen by
 * a caller who may manage data. (A first secret a server stores when it first needs one writes no
 * event: nothing a caller did changed, and nothing handed out before is refused.)
 */
export function planRotateSiteSecret(found: Pick<SiteSecret, 'id'> | null, name: string, value: string, source: EventSource): WritePlan {
  const now = source.at;
  const secret = found ? updateRow('site_secret', found.id, { value, created_at: now }) : insertRow('site_secret', { name, value, created_at: now }, FIRST);
  const event = eventStep(source, 'site_secret.rotated', { collection: 'site_secret', id: found ? found.id : insertedId(FIRST) }, { name, created_at: now }, 'manage_data');
  return writePlan([secret, event]);
}
