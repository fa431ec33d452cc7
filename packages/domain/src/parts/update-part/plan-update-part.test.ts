import { describe, expect, it } from 'vitest';
import type { PartRevision, PartRevisionAttribute } from '../../records';
import { parseUpdatePart } from './update-part-input';
import { needsReleasedRevisionPermission, planUpdatePart } from './plan-update-part';

const now = new Date('2025-03-01T10:00:00Z');
const site = { currency: 'USD' };
const revision = (status: string) => ({ id: 1, status }) as PartRevision;
const attribute: PartRevisionAttribute = {
  id: 4,
  part_revision_id: 1,
  name: 'x_package',
  value: '0402',
  value_text: null,
  position: 1,
};

describe('needsReleasedRevisionPermission', () => {
  it('is needed to change a revision that is not a draft, never for part fields alone', () => {
    const revisionChange = parseUpdatePart({ revision: { comment: 'x' } });
    const partChange = parseUpdatePart({ manufacturer_pn: 'X', revision: {} });
    expect(needsReleasedRevisionPermission(revision('Active'), revisionChange)).toBe(true);
    expect(needsReleasedRevisionPermission(revision('Obsolete'), parseUpdatePart({ x_packaging: 'Reel' }))).toBe(true);
    expect(needsReleasedRevisionPermission(revision('Draft'), revisionChange)).toBe(false);
    expect(needsReleasedRevisionPermission(revision('Active'), partChange)).toBe(false);
  });
});

describe('planUpdatePart', () => {
  it('writes nothing for an empty update', () => {
    const plan = planUpdatePart(parseUpdatePart({}), [attribute], site, now);
    expect(plan).toEqual({ part: null, revision: null, attributes: { update: [], insert: [] }, alternates: null });
  });

  it('touches the part when only its revision changes', () => {
    const plan = planUpdatePart(parseUpdatePart({ revision: { x_package: '0603', x_link: 'l' } }), [attribute], site, now);
    expect(plan.part).toEqual({ updated_at: now });
    expect(plan.revision).toEqual({ updated_at: now });
    expect(plan.attributes).toEqual({
      update: [{ id: 4, value: '0603', value_text: null }],
      insert: [{ name: 'x_link', value: 'l', value_text: null, position: 2 }],
    });
  });

  it('puts a blank currency back to the site currency, and replaces alternates when sent', () => {
    const input = parseUpdatePart({ estimated_cost_currency: '', alternate_parts: [{ part_id: '3' }] });
    const plan = planUpdatePart(input, [], site, now);
    expect(plan.part).toEqual({ estimated_cost_currency: 'USD', updated_at: now });
    expect(plan.revision).toBeNull();
    expect(plan.alternates).toEqual([{ alternate_part_id: 3, comment: null, quality: null, created_at: now, updated_at: now }]);
  });
});
