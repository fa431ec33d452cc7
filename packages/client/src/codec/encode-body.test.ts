import { parseXml } from '@pips/xml';
import { describe, expect, it } from 'vitest';
import { encodeBody } from './encode-body';

describe('encodeBody', () => {
  it('writes fields in order, nested hashes and typed lists, and reads back as the server reads it', () => {
    const body = encodeBody('part', {
      manufacturer_pn: 'A & <B>',
      manufacturer_id: 3,
      inventory_price: '0.0125',
      manufactured_here: false,
      preferred_vendor_id: null,
      partnumber: undefined,
      revision: { revision_name: 'A', 'x_temperature-characteristic': 'X7R' },
      alternate_parts: [{ part_id: 9 }],
    });
    expect(body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<part>',
        '  <manufacturer_pn>A &amp; &lt;B&gt;</manufacturer_pn>',
        '  <manufacturer_id>3</manufacturer_id>',
        '  <inventory_price>0.0125</inventory_price>',
        '  <manufactured_here>false</manufactured_here>',
        '  <preferred_vendor_id/>',
        '  <revision>',
        '    <revision_name>A</revision_name>',
        '    <x_temperature-characteristic>X7R</x_temperature-characteristic>',
        '  </revision>',
        '  <alternate_parts type="array">',
        '    <alternate_part>',
        '      <part_id>9</part_id>',
        '    </alternate_part>',
        '  </alternate_parts>',
        '</part>',
        '',
      ].join('\n'),
    );
    expect(parseXml(body)).toEqual({
      part: {
        manufacturer_pn: 'A & <B>',
        manufacturer_id: '3',
        inventory_price: '0.0125',
        manufactured_here: 'false',
        preferred_vendor_id: null,
        revision: { revision_name: 'A', 'x_temperature-characteristic': 'X7R' },
        alternate_parts: [{ part_id: '9' }],
      },
    });
  });

  it('refuses what the wire cannot carry as given: a fractional number, a name that is no element name', () => {
    expect(() => encodeBody('quote', { price: 0.1 })).toThrow(/price must be a whole number \(send decimals as strings\)/);
    expect(() => encodeBody('unit', { 'bad name': 'x' })).toThrow();
  });
});
