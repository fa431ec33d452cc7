import { describe, expect, it } from 'vitest';
import { fieldOf } from './floor/handler';
import { inventoryTargets, maskInventory } from './inventory-targets';

describe('inventoryTargets', () => {
  const targets = inventoryTargets({ partId: 4, sublocationId: 2, unitIds: [10, 11, 12, 13] }, 3);

  it('puts the one-unit targets on the first unit and spreads the others round robin over the rest', () => {
    expect(targets.map((target) => target.label)).toEqual(['adjust, one unit', 'adjust, 3 units', 'split, one unit', 'split, 3 units']);
    expect(targets[0]!.path).toBe('/api/v2/bench/parts/4/inventory_units/10/adjust_quantity');
    expect(targets[0]!.send.method).toBe('PUT');
    const spread = targets[3]!.send.path!;
    expect([spread(), spread(), spread(), spread()]).toEqual([11, 12, 13, 11].map((id) => `/api/v2/bench/parts/4/inventory_units/${id}/split`));
  });

  it('sets a new quantity with each adjust, and splits 1 to the sublocation', () => {
    const body = targets[0]!.send.body;
    const [first, second] = [fieldOf(body(), 'quantity'), fieldOf(body(), 'quantity')];
    expect(first).not.toBe(second);
    expect(fieldOf(targets[2]!.send.body(), 'quantity')).toBe('1');
    expect(fieldOf(targets[2]!.send.body(), 'inventory_sublocation_id')).toBe('2');
  });

  it('masks what two servers must answer differently, and nothing else', () => {
    const a = '<inventory_unit>\n  <id>1</id>\n  <quantity>5.0</quantity>\n  <unit>m</unit>\n  <created_at>2026-01-01T00:00:00+00:00</created_at>\n';
    const b = a.replace('<id>1<', '<id>2<').replace('5.0', '7.0').replace('2026-01-01', '2026-02-02');
    expect(maskInventory(a)).toBe(maskInventory(b));
    expect(maskInventory(a)).not.toBe(maskInventory(a.replace('<unit>m<', '<unit>g<')));
  });
});
