import { describe, expect, it } from 'vitest';
import { many, one, param, reach, ref, tree } from '@pips/domain';
import { planStatement } from './plan-statement';

const bill = (revision: number, limit: number) => ({
  top: one('part_revision', { id: revision }),
  lines: tree('subpart', { part_revision_id: ref('top', 'id') }, { parent: 'part_revision_id', child: 'subpart_part_revision_id', maxDepth: 20, limit }),
  parts: many('part', { id: ref('lines', 'subpart_id') }),
});

describe('plan statements', () => {
  it('begin WITH RECURSIVE when a tree is among the entries, and only then', () => {
    expect(planStatement(bill(1, 10)).text).toMatch(/^WITH RECURSIVE p0 AS \(/);
    expect(planStatement({ top: one('part_revision', { id: 1 }) }).text).toMatch(/^WITH p0 AS \(/);
  });

  it('keep one text for one shape, the values (bounds too) as parameters', () => {
    const [a, b] = [planStatement(bill(1, 10)), planStatement(bill(2, 500))];
    expect(a.text).toBe(b.text);
    // The revision, the one's LIMIT 1, maxDepth and limit.
    expect(a.values).toEqual(['1', '1', '20', '10']);
    expect(b.values).toEqual(['2', '1', '20', '500']);
    expect(a.text).toContain('NOT e."id" = ANY(w."~path")');
  });

  it('walk a reach with no bound: each value once (UNION), each step an index lookup per value', () => {
    const below = { lines: reach('subpart', { part_revision_id: { $in: param('revisions') } }, { parent: 'part_revision_id', child: 'subpart_part_revision_id' }) };
    const statement = planStatement(below, { revisions: [7] });
    expect(statement.text).toMatch(/^WITH RECURSIVE p0_nodes\(v\) AS \(/);
    expect(statement.text).toContain('UNION SELECT x.v FROM p0_nodes n CROSS JOIN LATERAL (SELECT e."subpart_part_revision_id" AS v FROM "subpart" e WHERE e."part_revision_id" = n.v OFFSET 0) x');
    // The revisions, once for the walk and once for the rows: no depth, no limit.
    expect(statement.values).toEqual(['{"7"}', '{"7"}']);
  });

  it('lock the rows of a locking entry in its own CTE, reading the table itself even for a text search', () => {
    const locked = planStatement({ units: many('inventory_unit', { id: 4, lot_code: { $contains: 'x' } }, { lock: true, limit: 1 }) });
    expect(locked.text).toMatch(/^WITH p0 AS \(SELECT e\."id", .* FROM "inventory_unit" e WHERE .* ORDER BY .* LIMIT \$\d+ FOR UPDATE\) SELECT /);
    expect(planStatement({ units: many('inventory_unit', { part_id: 4 }, { lock: true }) }).text).toMatch(/FROM "inventory_unit" e WHERE e\."part_id" = \$1 ORDER BY e\."id" ASC FOR UPDATE\)/);
    expect(planStatement({ units: many('inventory_unit', { id: 4 }) }).text).not.toContain('FOR UPDATE');
  });
});
