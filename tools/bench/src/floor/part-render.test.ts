import { describe, expect, it } from 'vitest';
import { partListItem, partShow } from './part-render';
import { partRow as part, partShowRow } from './test-rows';

describe('partListItem', () => {
  it('writes the revision copies, the float, outsourcing and numeric attributes as PIPS does', () => {
    const xml = partListItem(part);
    expect(xml).toContain('    <unit_id>4</unit_id>\n    <comment/>\n    <description>cap</description>\n    <rohs>true</rohs>\n    <value>4.7e-12</value>\n');
    expect(xml).toContain('    <manufactured_here>false</manufactured_here>\n    <x_outsourced>true</x_outsourced>\n    <x_outsourcing_location/>\n    <active_revision>\n');
    expect(xml).toContain('      <x_package>0603</x_package>\n      <x_mass value_text="500 m&quot;g">0.5</x_mass>\n      <x_power value_text=""/>\n    </active_revision>\n');
  });

  it('writes a part without a revision with empty copies and an empty active_revision, and no outsourcing', () => {
    const bare = { ...part, r_id: null, comment: null, description: null, rohs: null, x_outsourced: null, attributes: null };
    const xml = partListItem(bare);
    expect(xml).toContain('    <comment/>\n    <description/>\n    <rohs/>\n');
    expect(xml).toContain('    <manufactured_here>false</manufactured_here>\n    <active_revision/>\n    <part_visibility_set>\n');
  });
});

describe('partShow', () => {
  const show = partShowRow;

  it('writes the units and the attachments in the in-part forms, in the order the rows come, between the other groups', () => {
    const xml = partShow(show);
    expect(xml).toContain(
      '  <alternate_parts type="array"/>\n  <inventory_units type="array">\n' +
        '    <inventory_unit>\n      <id>11</id>\n      <quantity>2.5</quantity>\n      <inventory_location_id>3</inventory_location_id>\n' +
        '      <inventory_location_name>Store &amp; Co</inventory_location_name>\n      <inventory_sublocation_id>4</inventory_sublocation_id>\n' +
        '      <inventory_sublocation_name>Shelf &lt;A&gt;</inventory_sublocation_name>\n      <sublocation_bin>B1</sublocation_bin>\n' +
        '      <purchase_order_id/>\n    </inventory_unit>\n' +
        '    <inventory_unit>\n      <id>12</id>\n      <quantity>10.0</quantity>\n      <inventory_location_id>3</inventory_location_id>\n' +
        '      <inventory_location_name>Store &amp; Co</inventory_location_name>\n      <inventory_sublocation_id>5</inventory_sublocation_id>\n' +
        '      <inventory_sublocation_name>Floor</inventory_sublocation_name>\n      <sublocation_bin/>\n' +
        '      <purchase_order_id>9</purchase_order_id>\n    </inventory_unit>\n  </inventory_units>\n  <partlist_parts type="array"/>\n',
    );
    expect(xml).toContain(
      '  <subparts type="array"/>\n  <attachments type="array">\n' +
        '    <attachment>\n      <id>21</id>\n      <created_by>bench</created_by>\n      <title>Data &amp; sheet</title>\n' +
        '      <note_type>datasheet</note_type>\n      <content_type>application/pdf</content_type>\n      <position>1</position>\n' +
        '      <published_at>2026-11-23T16:08:32+00:00</published_at>\n      <md5>d41d8cd98f00b204e9800998ecf8427e</md5>\n' +
        '      <file_size>0</file_size>\n      <parent_reference>part/1</parent_reference>\n    </attachment>\n' +
        '    <attachment>\n      <id>20</id>\n      <created_by/>\n      <title>photo</title>\n      <note_type/>\n' +
        '      <content_type>image/png</content_type>\n      <position>2</position>\n      <published_at/>\n' +
        '      <md5>0cc175b9c0f1b6a831c399e269772661</md5>\n      <file_size>1</file_size>\n      <parent_reference>part/1</parent_reference>\n' +
        '    </attachment>\n  </attachments>\n  <manufacturer_family>\n',
    );
  });

  it('writes both groups empty and self-closed when the part has none', () => {
    const xml = partShow({ ...show, inventory_units: null, attachments: [] });
    expect(xml).toContain('  <alternate_parts type="array"/>\n  <inventory_units type="array"/>\n  <partlist_parts type="array"/>\n');
    expect(xml).toContain('  <subparts type="array"/>\n  <attachments type="array"/>\n  <manufacturer_family>\n');
  });
});
