import { describe, expect, it } from 'vitest';
import { problems } from '../parse-input';
import type { PartRevisionAttribute } from '../records';
import { inDefinedOrder, parseCustomAttributes, planAttributes } from './custom-attributes';

const attribute = (id: number, name: string, position: number, value: string | null = null): PartRevisionAttribute => ({
  id,
  part_revision_id: 1,
  name,
  value,
  value_text: null,
  position,
});

describe('parseCustomAttributes', () => {
  it('reads every x_ field in the order sent and nothing else', () => {
    const found = problems();
    const read = parseCustomAttributes(
      { revision_name: 'A', x_package: '0402', comment: 'c', 'x_temperature-characteristic': 'X7R', x_tolerance: '' },
      found,
    );
    expect(found.list).toEqual([]);
    expect(read).toEqual([
      { name: 'x_package', value: '0402', value_text: null },
      { name: 'x_temperature-characteristic', value: 'X7R', value_text: null },
      { name: 'x_tolerance', value: null, value_text: null },
    ]);
  });

  it('reads x_mass and x_power as numbers, keeping what was written', () => {
    const found = problems();
    const read = parseCustomAttributes({ x_mass: ' 1.5 g ', x_power: '250 mW' }, found);
    expect(found.list).toEqual([]);
    expect(read).toEqual([
      { name: 'x_mass', value: '1.5', value_text: '1.5 g' },
      { name: 'x_power', value: '0.25', value_text: '250 mW' },
    ]);
  });

  it('keeps a blank x_mass as null', () => {
    const found = problems();
    expect(parseCustomAttributes({ x_mass: '' }, found)).toEqual([{ name: 'x_mass', value: null, value_text: null }]);
  });

  it('names every bad attribute at once', () => {
    const found = problems();
    const long = 'y'.repeat(65536);
    parseCustomAttributes({ x_power: 'lots', x_: 'a', 'x_a b': 'c', x_link: { nested: 'x' }, x_height: long }, found);
    expect(found.list).toEqual([
      { field: 'x_power', message: 'X power must be a number with an optional SI prefix and unit, such as 4.7k, 100 nF or 4k7' },
      { field: 'x_', message: 'Custom attribute x_ is not a valid name: x_ then letters, digits, _ . or - (at most 255 characters)' },
      { field: 'x_a b', message: 'Custom attribute x_a b is not a valid name: x_ then letters, digits, _ . or - (at most 255 characters)' },
      { field: 'x_link', message: 'X link must be text' },
      { field: 'x_height', message: 'X height is too long (maximum is 65535 characters)' },
    ]);
  });
});

describe('planAttributes', () => {
  const existing = [attribute(10, 'x_package', 1, '0402'), attribute(11, 'x_tolerance', 2, '1%')];

  it('sets an existing attribute in place and appends new ones in the order sent', () => {
    const plan = planAttributes(existing, [
      { name: 'x_link', value: 'http://x', value_text: null },
      { name: 'x_tolerance', value: '5%', value_text: null },
      { name: 'x_height', value: '1 mm', value_text: null },
    ]);
    expect(plan.update).toEqual([{ id: 11, value: '5%', value_text: null }]);
    expect(plan.insert).toEqual([
      { name: 'x_link', value: 'http://x', value_text: null, position: 3 },
      { name: 'x_height', value: '1 mm', value_text: null, position: 4 },
    ]);
  });

  it('starts at position 1 on a revision without attributes', () => {
    expect(planAttributes([], [{ name: 'x_package', value: 'SOT-23', value_text: null }]).insert[0]?.position).toBe(1);
  });
});

describe('inDefinedOrder', () => {
  it('orders by position, whatever order the store returned', () => {
    const shuffled = [attribute(3, 'x_c', 3), attribute(1, 'x_a', 1), attribute(2, 'x_b', 2)];
    expect(inDefinedOrder(shuffled).map((a) => a.name)).toEqual(['x_a', 'x_b', 'x_c']);
  });
});
