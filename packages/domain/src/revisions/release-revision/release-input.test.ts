import { describe, expect, it } from 'vitest';
import { parseRelease } from './release-input';

describe('parseRelease', () => {
  it('reads a unit or an ancestor listed twice alike once, however the lists are spelled', () => {
    const dispose = { id: '7', action: 'dispose', disposition_comment: 'scrap' };
    const input = parseRelease({
      inventory_units: [{ inventory_unit: [dispose, { id: '8', action: 'keep' }] }, { inventory_unit: [dispose, { id: '8', action: 'keep' }] }],
      part_ancestors: { part_ancestor: [{ id: '3', action: 'keep' }, { id: '3', action: 'KEEP' }] },
    });
    expect(input.units).toEqual([
      { id: 7, action: 'dispose', disposition_comment: 'scrap' },
      { id: 8, action: 'keep', disposition_comment: null },
    ]);
    expect(input.ancestors).toEqual([{ id: 3, action: 'keep' }]);
  });

  it('refuses a unit or an ancestor listed twice with different choices', () => {
    expect(() =>
      parseRelease({
        inventory_units: [{ id: '7', action: 'dispose' }, { id: '7', action: 'keep' }],
        part_ancestors: [{ id: '3', action: 'up' }, { id: '3', action: 'keep' }],
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid',
        messages: ['Inventory units id 7 is listed twice with different values', 'Part ancestors id 3 is listed twice with different values'],
      }),
    );
  });

  it('lifts the ancestor guard for exactly "true" in the query, for nothing else', () => {
    expect(parseRelease({}, 'true').bypassAncestorGuard).toBe(true);
    for (const other of [undefined, '', 'TRUE', '1', 'yes', ['true']]) expect(parseRelease({}, other).bypassAncestorGuard).toBe(false);
  });
});
