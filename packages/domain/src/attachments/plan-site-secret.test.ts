import { describe, expect, it } from 'vitest';
import { eventPayload } from '../event-payload.test-helper';
import { planFirstSiteSecret, planRotateSiteSecret } from './plan-site-secret';

const now = new Date('2026-03-01T10:00:00Z');
const source = { token: 'cli', at: now };

describe('site secret plans', () => {
  it('stores the first secret of a name', () => {
    expect(planFirstSiteSecret('link_key', 'v1', now).steps).toEqual([{ kind: 'insert', table: 'site_secret', values: { name: 'link_key', value: 'v1', created_at: now } }]);
  });

  it('rotates the locked row in place, or stores the first when there is none, each with an event that holds no key', () => {
    const rotated = planRotateSiteSecret({ id: 4 }, 'link_key', 'v2', source).steps;
    expect(rotated[0]).toEqual({ kind: 'update', table: 'site_secret', id: 4, patch: { value: 'v2', created_at: now } });
    expect(rotated[1]).toMatchObject({ table: 'event', values: { type: 'site_secret.rotated', collection: 'site_secret', record_id: 4, token_name: 'cli', permission: 'manage_data' } });
    const first = planRotateSiteSecret(null, 'link_key', 'v2', source).steps;
    expect(first[0]).toEqual({ kind: 'insert', table: 'site_secret', values: { name: 'link_key', value: 'v2', created_at: now }, name: 'secret' });
    expect(first[1]).toMatchObject({ values: { type: 'site_secret.rotated', record_id: { $inserted: 'secret' } } });
    for (const steps of [rotated, first]) {
      expect(eventPayload(steps[1])).toEqual({ name: 'link_key', created_at: now.toISOString() });
      expect(JSON.stringify(steps[1])).not.toContain('v2');
    }
  });
});
