import type { Part, RevisionShowView } from '@pips/domain';
import { buildElement } from '@pips/xml';
import { describe, expect, it } from 'vitest';
import { timeFormat } from '../time-format';
import { partAncestorForm } from './part';
import { revisionShowForm } from './revision-show';

const time = timeFormat('UTC');
const stamps = { created_at: new Date('2016-01-25T04:11:47Z'), updated_at: new Date('2016-07-01T12:00:00Z') };
/** Element names of one level, in order: `depth` 1 for the root's children. */
const names = (xml: string, depth = 1) => [...xml.matchAll(new RegExp(`^ {${depth * 2}}<([a-z_0-9-]+)`, 'gm'))].map((m) => m[1]);

const part: Part = {
  id: 12, partnumber: 'ASSY-1', manufacturer_pn: 'A & B', manufacturer_id: 3, parttype_id: 4, unit_id: 5,
  preferred_vendor_id: null, value: 4.7e-11, value_text: '47 pF', inventory_price: '0.01', estimated_cost: null,
  estimated_cost_currency: null, reorder_quantity: '5000', inventory_maximum: null, manufactured_here: true,
  x_outsourced: null, x_outsourcing_location: null, active_revision_id: 7, ...stamps,
};

const view: RevisionShowView = {
  part,
  revision: {
    id: 7, part_id: 12, revision_name: 'B', revision_description: null, creator_id: 1, released_at: null, releasor_id: null,
    comment: null, description: 'board', rohs: true, status: 'Draft', ...stamps,
  },
  attributes: [{ id: 1, part_revision_id: 7, name: 'x_package', value: '0402', value_text: null, position: 0 }],
  subparts: [
    {
      id: 3, part_id: 12, part_revision_id: 7, subpart_id: 20, subpart_part_revision_id: 21, quantity: '2', build_sequence: null,
      designator: 'R1', no_load: false, comment: null, position: 1, ...stamps,
    },
  ],
};

describe('revision show form', () => {
  const xml = buildElement('part_revision', revisionShowForm(view, time));

  it('writes the revision scalars, its attributes, then the part summary and the bill (SPEC 2.14)', () => {
    expect(names(xml)).toEqual([
      'id', 'revision_name', 'revision_description', 'creator_id', 'released_at', 'releasor_id', 'comment', 'description',
      'rohs', 'status', 'x_package', 'part', 'subparts',
    ]);
  });

  it('writes the part summary with SPEC 2.14 fields only, in order', () => {
    const summary = xml.slice(xml.indexOf('<part>'), xml.indexOf('</part>'));
    expect(names(summary, 2)).toEqual([
      'id', 'partnumber', 'manufacturer_pn', 'manufacturer_id', 'parttype_id', 'value', 'value_text', 'created_on',
      'updated_on', 'inventory_price', 'reorder_quantity', 'inventory_maximum',
    ]);
    expect(summary).toContain('<manufacturer_pn>A &amp; B</manufacturer_pn>');
    expect(summary).toContain('<value>4.7e-11</value>');
  });

  it('writes each line with part_id, part_revision_id and position', () => {
    expect(xml).toContain('<subparts type="array">\n    <subpart>\n      <id>3</id>\n      <subpart_id>20</subpart_id>');
    expect(xml).toContain('<part_id>12</part_id>\n      <part_revision_id>7</part_revision_id>\n      <position>1</position>');
  });

  it('writes a part ancestor as id, partnumber and manufacturer_pn (SPEC 2.15)', () => {
    expect(buildElement('part', partAncestorForm({ id: 12, partnumber: 'ASSY-1', manufacturer_pn: 'X' }))).toBe(
      '<part>\n  <id>12</id>\n  <partnumber>ASSY-1</partnumber>\n  <manufacturer_pn>X</manufacturer_pn>\n</part>\n',
    );
  });
});
