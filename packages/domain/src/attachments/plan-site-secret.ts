import type { SiteSecret } from '../records';
import { insertRow, updateRow, writePlan, type WritePlan } from '../write-plan';

/** Storing the first site secret `name`, made at `now`. */
export function planFirstSiteSecret(name: string, value: string, now: Date): WritePlan {
  return writePlan([insertRow('site_secret', { name, value, created_at: now })]);
}

/**
 * Replacing the site secret `name` with `value`: the row `found` (read locked, so it expects
 * nothing) takes it, or the first one is stored when there was none.
 */
export function planRotateSiteSecret(found: Pick<SiteSecret, 'id'> | null, name: string, value: string, now: Date): WritePlan {
  if (!found) return planFirstSiteSecret(name, value, now);
  return writePlan([updateRow('site_secret', found.id, { value, created_at: now })]);
}
