import { describe, expect, it } from 'vitest';
import { planFirstSiteSecret, planRotateSiteSecret } from './plan-site-secret';

const now = new Date('2026-03-01T10:00:00Z');

describe('site secret plans', () => {
  it('stores the first secret of a name', () => {
    expect(planFirstSiteSecret('link_key', 'v1', now).steps).toEqual([{ kind: 'insert', table: 'site_secret', values: { name: 'link_key', value: 'v1', created_at: now } }]);
  });

  it('rotates the locked row in place, or stores the first when there is none', () => {
    expect(planRotateSiteSecret({ id: 4 }, 'link_key', 'v2', now).steps).toEqual([
      { kind: 'update', table: 'site_secret', id: 4, patch: { value: 'v2', created_at: now } },
    ]);
    expect(planRotateSiteSecret(null, 'link_key', 'v2', now)).toEqual(planFirstSiteSecret('link_key', 'v2', now));
  });
});
