import { describe, expect, it } from 'vitest';
import { problems } from '../../parse-input';
import { describeLine, type NamedRecords } from './describe-line';
import type { ImportedItem } from './import-input';

const line = (fields: Partial<ImportedItem> = {}): ImportedItem => ({
  position: null,
  vendor_id: null,
  inventory_unit_id: null,
  quote_id: null,
  unit_id: null,
  unit_conversion_id: null,
  vendor_part_number_id: null,
  part_id: null,
  part_revision_id: null,
  partnumber: null,
  part_revision_name: null,
  manufacturer: null,
  manufacturer_pn: null,
  quantity: '1',
  price: null,
  comment: null,
  received_quantity: null,
  use_as_units: null,
  vendor_pn: null,
  inventory_sublocation_id: null,
  received_at: null,
  vendor_promise_date: null,
  ...fields,
});

const named: NamedRecords = {
  part: { id: 12, partnumber: 'IC000012', manufacturer_pn: 'LM317' },
  manufacturer: { name: 'Texas Instruments' },
  revision: { id: 40, part_id: 12, revision_name: 'B' },
};
const nothing: NamedRecords = { part: null, manufacturer: null, revision: null };

function describeOf(item: ImportedItem, records: NamedRecords) {
  const found = problems();
  return { item: describeLine(item, 7, records, found), problems: found.list.map((problem) => problem.message) };
}

describe('describeLine', () => {
  it('fills a line that names only its part and revision from them, and its vendor from the order', () => {
    expect(describeOf(line({ part_id: 12, part_revision_id: 40 }), named)).toEqual({
      item: line({
        vendor_id: 7,
        part_id: 12,
        part_revision_id: 40,
        partnumber: 'IC000012',
        manufacturer_pn: 'LM317',
        manufacturer: 'Texas Instruments',
        part_revision_name: 'B',
      }),
      problems: [],
    });
  });

  it('takes the part from the revision when the line names only the revision', () => {
    expect(describeOf(line({ part_revision_id: 40 }), named).item).toMatchObject({ part_id: 12, partnumber: 'IC000012', part_revision_name: 'B' });
  });

  it('leaves the revision out when the line names only its part', () => {
    const { item } = describeOf(line({ part_id: 12 }), { ...named, revision: null });
    expect(item).toMatchObject({ part_revision_id: null, part_revision_name: null, partnumber: 'IC000012' });
  });

  it('keeps what agrees with the records, written as the records write it', () => {
    const agreeing = line({ part_id: 12, part_revision_id: 40, vendor_id: 7, partnumber: ' IC000012 ', manufacturer_pn: 'LM317', manufacturer: 'Texas Instruments', part_revision_name: 'B' });
    expect(describeOf(agreeing, named)).toEqual({ item: { ...agreeing, partnumber: 'IC000012' }, problems: [] });
  });

  it('names every field that contradicts the records it names, and another vendor than the order’s', () => {
    const contradicting = line({ part_id: 12, part_revision_id: 40, vendor_id: 8, partnumber: 'RES-1', manufacturer_pn: 'LM337', manufacturer: 'Acme', part_revision_name: 'A' });
    expect(describeOf(contradicting, named).problems).toEqual([
      "Vendor must be the order's vendor",
      "Partnumber 'RES-1' is not the part's 'IC000012': leave it out to take the part's",
      "Manufacturer pn 'LM337' is not the part's 'LM317': leave it out to take the part's",
      "Manufacturer 'Acme' is not the part's 'Texas Instruments': leave it out to take the part's",
      "Part revision name 'A' is not the revision's 'B': leave it out to take the revision's",
    ]);
  });

  it('refuses a revision of another part', () => {
    expect(describeOf(line({ part_id: 13, part_revision_id: 40 }), { ...named, part: { id: 13, partnumber: 'X', manufacturer_pn: 'Y' } }).problems).toEqual([
      'Part revision must be a revision of the part',
    ]);
  });

  it('keeps the text of a line that names no part as the file gives it', () => {
    const freight = line({ partnumber: 'FREIGHT', manufacturer: 'Carrier', part_revision_name: 'n/a' });
    expect(describeOf(freight, nothing)).toEqual({ item: { ...freight, vendor_id: 7 }, problems: [] });
  });
});
