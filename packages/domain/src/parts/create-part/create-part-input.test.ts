import { describe, expect, it } from 'vitest';
import { parseCreatePart } from './create-part-input';

const minimal = {
  manufacturer_pn: 'RC0402FR-0710KL',
  manufacturer_id: '1',
  parttype_id: '2',
  unit_id: '3',
  revision: { revision_name: 'A' },
};

const refused = (raw: unknown, messages: string[]) =>
  expect(() => parseCreatePart(raw)).toThrow(expect.objectContaining({ code: 'invalid', messages }));

describe('parseCreatePart', () => {
  it('types a minimal body, filling defaults and leaving the part number to be generated', () => {
    const input = parseCreatePart(minimal);
    expect(input.part).toMatchObject({
      partnumber: null,
      manufacturer_pn: 'RC0402FR-0710KL',
      manufacturer_id: 1,
      parttype_id: 2,
      unit_id: 3,
      manufactured_here: false,
      estimated_cost_currency: null,
      value: null,
      value_text: null,
    });
    const blank = { revision_description: null, description: null, comment: null, rohs: null };
    expect(input.revision).toEqual({ revision_name: 'A', ...blank });
    expect(input.attributes).toEqual([]);
    expect(input.alternates).toEqual([]);
  });

  it('reads every optional field', () => {
    const input = parseCreatePart({
      ...minimal,
      partnumber: 'RES-10K',
      preferred_vendor_id: '4',
      value_text: '10k',
      inventory_price: '0.0100',
      estimated_cost: '0.02',
      estimated_cost_currency: 'eur',
      reorder_quantity: '5000',
      inventory_maximum: '20000',
      manufactured_here: 'true',
      x_outsourced: '0',
      x_outsourcing_location: 'Penang',
      revision: { revision_name: 'A', revision_description: 'first', description: 'Resistor', comment: 'c', rohs: '1' },
    });
    expect(input.part).toMatchObject({
      partnumber: 'RES-10K',
      preferred_vendor_id: 4,
      value_text: '10k',
      value: 10000,
      inventory_price: '0.01',
      estimated_cost_currency: 'EUR',
      manufactured_here: true,
      x_outsourced: false,
      x_outsourcing_location: 'Penang',
    });
    expect(input.revision).toMatchObject({ revision_name: 'A', revision_description: 'first', description: 'Resistor', rohs: true });
  });

  it('names every missing required field at once, the revision as one', () => {
    refused({}, [
      "Manufacturer pn can't be blank",
      "Manufacturer can't be blank",
      "Parttype can't be blank",
      "Unit can't be blank",
      "Revision can't be blank",
    ]);
    refused({ ...minimal, revision: '' }, ["Revision can't be blank"]);
    refused({ ...minimal, revision: {} }, ["Revision name can't be blank"]);
    refused({ ...minimal, revision: 'A' }, ['Revision must be a hash of fields']);
  });

  it('names the field of each problem: in the part, in its revision, in an item of a list', () => {
    const body = { ...minimal, manufacturer_id: 'one', value: '3', revision: { revision_name: '', x_mass: 'heavy' }, alternate_parts: [{ part_id: '4' }, {}] };
    expect(() => parseCreatePart(body)).toThrow(
      expect.objectContaining({
        problems: [
          { field: 'manufacturer_id', message: 'Manufacturer must be an integer' },
          { field: 'value', message: 'Value cannot be set directly; send value_text, a number with an optional SI prefix' },
          { field: 'revision.x_mass', message: 'X mass must be a number with an optional SI prefix and unit, such as 4.7k, 100 nF or 4k7' },
          { field: 'alternate_parts[1].part_id', message: "Alternate parts part can't be blank" },
          { field: 'revision.revision_name', message: "Revision name can't be blank" },
        ],
      }),
    );
    expect(() => parseCreatePart({ ...minimal, revision: undefined })).toThrow(
      expect.objectContaining({ problems: [{ field: 'revision', message: "Revision can't be blank" }] }),
    );
  });

  it('refuses value, a bad value_text, a negative price and an unknown currency together', () => {
    const bad = { value: '4700', value_text: 'lots', inventory_price: '-1', estimated_cost_currency: 'XYZ', manufacturer_id: 'a' };
    refused({ ...minimal, ...bad }, [
      'Manufacturer must be an integer',
      'Inventory price must be greater than or equal to 0',
      'Estimated cost currency is not a known ISO 4217 currency code',
      'Value cannot be set directly; send value_text, a number with an optional SI prefix',
      'Value text must be a number with an optional SI prefix and unit, such as 4.7k, 100 nF or 4k7',
    ]);
  });

  it('reads custom attributes in the order sent, a part-level x_packaging after them', () => {
    const input = parseCreatePart({
      ...minimal,
      x_packaging: 'Reel',
      revision: { revision_name: 'A', x_tolerance: '1%', x_mass: '2 mg', x_package: '0402' },
    });
    expect(input.attributes).toEqual([
      { name: 'x_tolerance', value: '1%', value_text: null },
      { name: 'x_mass', value: '0.002', value_text: '2 mg' },
      { name: 'x_package', value: '0402', value_text: null },
      { name: 'x_packaging', value: 'Reel', value_text: null },
    ]);
  });

  it("lets the revision's own x_packaging win over the part-level one", () => {
    const revision = { revision_name: 'A', x_packaging: 'Tray' };
    const input = parseCreatePart({ ...minimal, x_packaging: 'Reel', revision });
    expect(input.attributes).toEqual([{ name: 'x_packaging', value: 'Tray', value_text: null }]);
  });

  it.each([
    ['with type="array"', [{ part_id: '7', comment: 'same footprint', quality: '2' }]],
    ['as one child', { alternate_part: { part_id: '7', comment: 'same footprint', quality: '2' } }],
  ])('reads alternate parts %s', (_how, alternate_parts) => {
    const { alternates } = parseCreatePart({ ...minimal, alternate_parts });
    expect(alternates).toEqual([{ part_id: 7, comment: 'same footprint', quality: 2 }]);
  });

  it('reads several alternates, a part listed twice alike as one, and refuses one listed twice differently or without a part', () => {
    const input = parseCreatePart({ ...minimal, alternate_parts: { alternate_part: [{ part_id: '7' }, { part_id: '8' }, { part_id: '7' }] } });
    expect(input.alternates.map((a) => a.part_id)).toEqual([7, 8]);
    refused({ ...minimal, alternate_parts: [{ part_id: '7' }, { part_id: '7', quality: '2' }, { quality: 'x' }] }, [
      "Alternate parts part can't be blank",
      'Alternate parts quality must be an integer',
      'Alternate parts part 7 is listed twice with different values',
    ]);
  });

  it('reads the whole list of alternates sent once for each of them as that list', () => {
    const all = { alternate_part: [{ part_id: '7' }, { part_id: '8' }, { part_id: '9' }] };
    const input = parseCreatePart({ ...minimal, alternate_parts: [all, all, all] });
    expect(input.alternates.map((a) => a.part_id)).toEqual([7, 8, 9]);
  });
});
