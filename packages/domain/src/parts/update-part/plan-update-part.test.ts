import { describe, expect, it } from 'vitest';
import type { PartRevision, PartRevisionAttribute } from '../../records';
import { parseUpdatePart } from './update-part-input';
import { changesPartAlone, needsReleasedRevisionPermission, planUpdatePart } from './plan-update-part';

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
const part = { id: 2, active_revision_id: 1 };

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
    const planned = planUpdatePart(part, revision('Draft'), parseUpdatePart({}), [attribute], site, now);
    expect(planned).toEqual({ plan: { steps: [] }, part: null, revision: null, attributes: [], alternates: null });
  });

  it('sets an attribute in place, appends a new one, and touches the revision and the part when only the revision changes', () => {
    const planned = planUpdatePart(part, revision('Draft'), parseUpdatePart({ revision: { x_package: '0603', x_link: 'l' } }), [attribute], site, now);
    expect(planned.plan.steps).toEqual([
      { kind: 'update', table: 'part_revision_attribute', id: 4, patch: { value: '0603', value_text: null } },
      { kind: 'insert', table: 'part_revision_attribute', values: { name: 'x_link', value: 'l', value_text: null, position: 2, part_revision_id: 1 } },
      { kind: 'update', table: 'part_revision', id: 1, patch: { updated_at: now } },
      { kind: 'update', table: 'part', id: 2, patch: { updated_at: now } },
    ]);
    expect(planned.plan.steps.slice(2)).toEqual([planned.revision, planned.part]);
  });

  it('puts a blank currency back to the site currency, and replaces alternates when sent', () => {
    const input = parseUpdatePart({ estimated_cost_currency: '', alternate_parts: [{ part_id: '3' }] });
    const planned = planUpdatePart(part, revision('Draft'), input, [], site, now);
    expect(planned.plan.steps).toEqual([
      { kind: 'delete', table: 'alternate_part', where: { part_id: 2 } },
      { kind: 'insert', table: 'alternate_part', values: { part_id: 2, alternate_part_id: 3, comment: null, quality: null, created_at: now, updated_at: now } },
      { kind: 'update', table: 'part', id: 2, patch: { estimated_cost_currency: 'USD', updated_at: now } },
    ]);
    expect(planned.revision).toBeNull();
  });

  it('guards the part on the active revision it was read with when read unlocked', () => {
    const input = parseUpdatePart({ manufacturer_pn: 'M2' });
    const planned = planUpdatePart(part, revision('Active'), input, [attribute], site, now, true);
    expect(planned.plan.steps).toEqual([
      { kind: 'update', table: 'part', id: 2, patch: { manufacturer_pn: 'M2', updated_at: now }, expected: { active_revision_id: 1 } },
    ]);
    expect(planUpdatePart(part, revision('Active'), input, [attribute], site, now).plan.steps[0]).not.toHaveProperty('expected');
  });
});

describe('changesPartAlone', () => {
  it('holds for the part row alone, not a revision, an attribute, alternates or the unit of measure', () => {
    expect(changesPartAlone(parseUpdatePart({ manufacturer_pn: 'X', partnumber: 'P', reorder_quantity: '3' }))).toBe(true);
    expect(changesPartAlone(parseUpdatePart({}))).toBe(true);
    expect(changesPartAlone(parseUpdatePart({ revision: { comment: 'x' } }))).toBe(false);
    expect(changesPartAlone(parseUpdatePart({ x_packaging: 'Reel' }))).toBe(false);
    expect(changesPartAlone(parseUpdatePart({ alternate_parts: [] }))).toBe(false);
    expect(changesPartAlone(parseUpdatePart({ unit_id: '3' }))).toBe(false);
  });
});
