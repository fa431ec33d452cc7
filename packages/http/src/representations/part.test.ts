import type { Part, PartRevision, PartRevisionAttribute, PartView, Quote, RevisionView } from '@pips/domain';
import { buildElement } from '@pips/xml';
import { describe, expect, it } from 'vitest';
import { timeFormat } from '../time-format';
import { partListForm, partShowForm } from './part';
import {
  attachmentInPartForm,
  inventoryUnitInPartForm,
  partlistPartForm,
  subpartInPartForm,
} from './part-groups';

const time = timeFormat('America/Los_Angeles');
const stamps = { created_at: new Date('2016-01-25T04:11:47Z'), updated_at: new Date('2016-07-01T12:00:00Z') };
/** Element names of one level, in order: `depth` 1 for the root's children. */
const names = (xml: string, depth = 1) =>
  [...xml.matchAll(new RegExp(`^ {${depth * 2}}<([a-z_0-9-]+)`, 'gm'))].map((m) => m[1]);

const part: Part = {
  id: 12,
  partnumber: 'RES000001',
  manufacturer_pn: 'RC0402FR-0710KL',
  manufacturer_id: 3,
  parttype_id: 4,
  unit_id: 5,
  preferred_vendor_id: null,
  value: 4.7e-11,
  value_text: '47 pF',
  inventory_price: '0.01',
  estimated_cost: null,
  estimated_cost_currency: 'USD',
  reorder_quantity: '5000',
  inventory_maximum: null,
  manufactured_here: false,
  x_outsourced: null,
  x_outsourcing_location: null,
  active_revision_id: 20,
  ...stamps,
};
const revision: PartRevision = {
  id: 20,
  part_id: 12,
  revision_name: 'A',
  revision_description: null,
  creator_id: 1,
  released_at: null,
  releasor_id: null,
  comment: 'first',
  description: 'Capacitor 47 pF',
  rohs: true,
  status: 'Draft',
  ...stamps,
};
const attribute = (id: number, name: string, value: string | null, value_text: string | null = null): PartRevisionAttribute => ({
  id,
  part_revision_id: 20,
  name,
  value,
  value_text,
  position: id,
});
const revisionView: RevisionView = {
  revision,
  attributes: [attribute(1, 'x_package', '0402'), attribute(2, 'x_mass', '0.002', '2 mg'), attribute(3, 'x_power', null)],
};
const REVISION_FIELDS = [
  'id', 'revision_name', 'revision_description', 'creator_id', 'released_at', 'releasor_id', 'comment',
  'description', 'rohs', 'status',
];
const SCALARS_HEAD = ['id', 'partnumber', 'manufacturer_pn', 'manufacturer_id', 'parttype_id', 'unit_id'];
const SCALARS_TAIL = [
  'value', 'value_text', 'created_on', 'updated_on', 'inventory_price', 'estimated_cost', 'estimated_cost_currency',
  'reorder_quantity', 'inventory_maximum', 'preferred_vendor_id', 'manufactured_here',
];

describe('part list form', () => {
  const xml = buildElement('part', partListForm({ part, activeRevision: revisionView }, time));

  it('writes SPEC 2.13 list fields in order, the revision copies after unit_id', () => {
    expect(names(xml)).toEqual([
      ...SCALARS_HEAD, 'comment', 'description', 'rohs', ...SCALARS_TAIL, 'active_revision', 'part_visibility_set',
    ]);
    expect(xml).toContain('<comment>first</comment>\n  <description>Capacitor 47 pF</description>\n  <rohs>true</rohs>');
  });

  it('writes value as Ruby writes a Float, timestamps TS-SPACE, decimals canonically', () => {
    expect(xml).toContain('<value>4.7e-11</value>\n  <value_text>47 pF</value_text>');
    expect(xml).toContain('<created_on>2016-01-24 20:11:47 -0800</created_on>');
    expect(xml).toContain('<inventory_price>0.01</inventory_price>');
    expect(xml).toContain('<reorder_quantity>5000.0</reorder_quantity>\n  <inventory_maximum/>');
  });

  it('writes the active revision with its custom attributes in order, numbers with value_text', () => {
    expect(names(xml, 2).slice(0, 13)).toEqual([...REVISION_FIELDS, 'x_package', 'x_mass', 'x_power']);
    expect(xml).toContain('    <x_package>0402</x_package>\n    <x_mass value_text="2 mg">0.002</x_mass>\n    <x_power value_text=""/>');
  });

  it('writes the visibility set with its fields empty', () => {
    expect(xml).toContain(
      '<part_visibility_set>\n    <id/>\n    <name/>\n    <description/>\n    <short_name/>\n    <position/>\n  </part_visibility_set>',
    );
  });

  it('writes the outsourcing fields, together, only on parts that set one', () => {
    expect(names(xml)).not.toContain('x_outsourced');
    const item = { part: { ...part, x_outsourcing_location: 'Penang' }, activeRevision: null };
    const outsourced = buildElement('part', partListForm(item, time));
    expect(names(outsourced).slice(SCALARS_HEAD.length + 3 + SCALARS_TAIL.length)).toEqual([
      'x_outsourced', 'x_outsourcing_location', 'active_revision', 'part_visibility_set',
    ]);
    expect(outsourced).toContain('<x_outsourced/>\n  <x_outsourcing_location>Penang</x_outsourcing_location>\n  <active_revision/>');
  });
});

describe('part show form', () => {
  const quote: Quote = {
    id: 30, part_id: 12, vendor_id: 7, unit_id: 5, unit_conversion_id: null, currency: 'EUR', price: '0.5',
    quantity_min: '100', quantity_mult: null, leadtime: 14, valid_for: null, expires_on: null, inventory: null,
    comment: null, ...stamps,
  };
  const view: PartView = {
    part,
    revision: revisionView,
    quotes: [quote],
    vendorPartNumbers: [{ id: 40, part_id: 12, vendor_id: 7, unit_id: null, part_number: 'DK-1', comment: null, ...stamps }],
    alternateParts: [{ id: 50, part_id: 12, alternate_part_id: 13, comment: 'same', quality: 2, ...stamps }],
    inventoryUnits: [],
    partlistParts: [],
    subparts: [],
    attachments: [],
    manufacturer: { id: 3, name: 'Yageo' } as PartView['manufacturer'],
  };
  const xml = buildElement('part', partShowForm(view, time));

  it('writes the scalars without the revision copies, then the revision and every group', () => {
    expect(names(xml)).toEqual([
      ...SCALARS_HEAD, ...SCALARS_TAIL, 'revision', 'quotes', 'vendor_part_numbers', 'alternate_parts',
      'inventory_units', 'partlist_parts', 'subparts', 'attachments', 'manufacturer_family', 'part_visibility_set',
    ]);
  });

  it('writes empty groups as empty arrays', () => {
    for (const group of ['inventory_units', 'partlist_parts', 'subparts', 'attachments']) {
      expect(xml).toContain(`<${group} type="array"/>`);
    }
  });

  it('writes quotes, vendor part numbers (id last) and alternates in their forms', () => {
    expect(xml).toContain(
      [
        '  <quotes type="array">', '    <quote>', '      <id>30</id>', '      <vendor_id>7</vendor_id>',
        '      <price>0.5</price>', '      <quantity_min>100.0</quantity_min>', '      <quantity_mult/>',
        '      <leadtime>14</leadtime>', '      <updated_on>2016-07-01 05:00:00 -0700</updated_on>',
        '      <expires_on/>', '      <unit_id>5</unit_id>', '      <unit_conversion_id/>', '      <inventory/>',
        '      <comment/>', '      <currency>EUR</currency>', '    </quote>',
      ].join('\n'),
    );
    expect(xml).toContain(
      '<vendor_part_number>\n      <vendor_id>7</vendor_id>\n      <part_number>DK-1</part_number>\n      <comment/>\n      <id>40</id>',
    );
    expect(xml).toContain('<alternate_part>\n      <part_id>13</part_id>\n      <comment>same</comment>\n      <quality>2</quality>');
  });

  it('writes the manufacturer as the family', () => {
    expect(xml).toContain('<manufacturer_family>\n    <id>3</id>\n    <name>Yageo</name>\n  </manufacturer_family>');
  });
});

describe('groups later work fills', () => {
  const fieldNames = (node: Parameters<typeof buildElement>[1]) => names(buildElement('x', node));

  it('write SPEC 2.1, 2.10, 2.13 and 2.17 fields in order', () => {
    expect(
      fieldNames(
        inventoryUnitInPartForm({
          id: 1, quantity: '5', inventory_location_id: 2, inventory_location_name: 'Main', inventory_sublocation_id: 3,
          inventory_sublocation_name: 'Shelf A', sublocation_bin: null, purchase_order_id: null,
        }),
      ),
    ).toEqual([
      'id', 'quantity', 'inventory_location_id', 'inventory_location_name', 'inventory_sublocation_id',
      'inventory_sublocation_name', 'sublocation_bin', 'purchase_order_id',
    ]);
    expect(fieldNames(partlistPartForm({ part_id: 1, part_revision_id: 2, quantity: '1', comment: null, no_load: false }))).toEqual([
      'part_id', 'part_revision_id', 'quantity', 'comment', 'no_load',
    ]);
    expect(
      fieldNames(
        subpartInPartForm({
          id: 1, subpart_id: 2, quantity: '1', build_sequence: null, designator: 'R1', comment: null, no_load: false,
          part_id: 3, part_revision_id: 4, position: 1,
        }),
      ),
    ).toEqual([
      'id', 'subpart_id', 'quantity', 'build_sequence', 'designator', 'comment', 'no_load', 'part_id',
      'part_revision_id', 'position',
    ]);
    expect(
      fieldNames(
        attachmentInPartForm(
          {
            id: 1, created_by: null, title: 'Datasheet', note_type: null, content_type: 'application/pdf', position: 1,
            published_at: null, md5: 'd41d8cd98f00b204e9800998ecf8427e', file_size: 10, parent_reference: 'part/1',
          },
          time,
        ),
      ),
    ).toEqual([
      'id', 'created_by', 'title', 'note_type', 'content_type', 'position', 'published_at', 'md5', 'file_size',
      'parent_reference',
    ]);
  });
});
