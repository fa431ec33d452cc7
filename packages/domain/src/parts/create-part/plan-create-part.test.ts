import { describe, expect, it } from 'vitest';
import { parseCreatePart } from './create-part-input';
import { planCreatePart } from './plan-create-part';

const now = new Date('2025-03-01T10:00:00Z');
const setting = { partnumber: 'RES000001', creatorId: 9, site: { currency: 'USD' }, now };

const body = { manufacturer_pn: 'PN', manufacturer_id: '1', parttype_id: '2', unit_id: '3' };

describe('planCreatePart', () => {
  const input = parseCreatePart({
    ...body,
    revision: { revision_name: 'A', x_b: '2', x_a: '1' },
    alternate_parts: [{ part_id: '5', quality: '1' }],
  });
  const plan = planCreatePart(input, setting);

  it('writes the part under the given number, in the site currency, not yet active on a revision', () => {
    expect(plan.part).toMatchObject({ partnumber: 'RES000001', estimated_cost_currency: 'USD', active_revision_id: null });
    expect(plan.part.created_at).toBe(now);
    expect(plan.part.updated_at).toBe(now);
  });

  it('makes the first revision a draft by the caller, not released', () => {
    expect(plan.revision).toMatchObject({ revision_name: 'A', status: 'Draft', creator_id: 9 });
    expect(plan.revision).toMatchObject({ released_at: null, releasor_id: null });
  });

  it('numbers attributes in the order sent and links alternates', () => {
    expect(plan.attributes.map((a) => [a.name, a.position])).toEqual([
      ['x_b', 1],
      ['x_a', 2],
    ]);
    expect(plan.alternates).toEqual([{ alternate_part_id: 5, comment: null, quality: 1, created_at: now, updated_at: now }]);
  });

  it('keeps a currency the body names', () => {
    const priced = parseCreatePart({ ...body, estimated_cost_currency: 'gbp', revision: { revision_name: 'A' } });
    expect(planCreatePart(priced, setting).part.estimated_cost_currency).toBe('GBP');
  });
});
