import { describe, expect, it } from 'vitest';
import { insertedId } from '../../write-plan';
import { parseCreatePart } from './create-part-input';
import { planCreatePart } from './plan-create-part';

const now = new Date('2025-03-01T10:00:00Z');
const setting = { partnumber: 'RES000001', creatorId: 9, site: { currency: 'USD' }, now };
const stamps = { created_at: now, updated_at: now };

const body = { manufacturer_pn: 'PN', manufacturer_id: '1', parttype_id: '2', unit_id: '3' };

describe('planCreatePart', () => {
  const input = parseCreatePart({
    ...body,
    revision: { revision_name: 'A', x_b: '2', x_a: '1' },
    alternate_parts: [{ part_id: '5', quality: '1' }],
  });
  const { plan, part, revision, attributes, alternates } = planCreatePart(input, setting);

  it('writes the part under the given number, in the site currency, active on its first revision', () => {
    expect(plan.steps[0]).toBe(part);
    expect(part).toMatchObject({ kind: 'insert', table: 'part', name: 'part' });
    expect(part.values).toMatchObject({ partnumber: 'RES000001', estimated_cost_currency: 'USD', active_revision_id: insertedId('revision'), ...stamps });
  });

  it('makes the first revision a draft of the new part by the caller, not released', () => {
    expect(plan.steps[1]).toBe(revision);
    expect(revision).toMatchObject({ kind: 'insert', table: 'part_revision', name: 'revision' });
    expect(revision.values).toMatchObject({ revision_name: 'A', part_id: insertedId('part'), status: 'Draft', creator_id: 9 });
    expect(revision.values).toMatchObject({ released_at: null, releasor_id: null, ...stamps });
  });

  it('numbers attributes in the order sent on the new revision and links alternates to the new part, and nothing more', () => {
    expect(plan.steps.slice(2)).toEqual([
      { kind: 'insert', table: 'part_revision_attribute', values: expect.objectContaining({ name: 'x_b', position: 1, part_revision_id: insertedId('revision') }) },
      { kind: 'insert', table: 'part_revision_attribute', values: expect.objectContaining({ name: 'x_a', position: 2, part_revision_id: insertedId('revision') }) },
      {
        kind: 'insert',
        table: 'alternate_part',
        values: { part_id: insertedId('part'), alternate_part_id: 5, comment: null, quality: 1, ...stamps },
      },
    ]);
    // The steps the answer's rows come from.
    expect([...attributes, ...alternates]).toEqual(plan.steps.slice(2));
  });

  it("advances the part type's counter that gave the number, guarded by the value read", () => {
    const counted = planCreatePart(input, { ...setting, advance: { parttypeId: 2, from: 1, to: 2 } });
    expect(counted.plan.steps.at(-1)).toEqual({ kind: 'update', table: 'parttype', id: 2, patch: { part_next: 2 }, expected: { part_next: 1 } });
  });

  it('keeps a currency the body names', () => {
    const priced = parseCreatePart({ ...body, estimated_cost_currency: 'gbp', revision: { revision_name: 'A' } });
    expect(planCreatePart(priced, setting).part.values.estimated_cost_currency).toBe('GBP');
  });
});
