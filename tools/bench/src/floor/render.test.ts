import { describe, expect, it } from 'vitest';
import { listDocument, manufacturerShow, paginationHeader, unitListItem, unitShow } from './render';
import { escapeText } from './xml-text';

describe('escapeText', () => {
  it('escapes markup and CR, and replaces what XML cannot carry', () => {
    expect(escapeText('a & <b> "c"\r')).toBe('a &amp; &lt;b&gt; &quot;c&quot;&#13;');
    expect(escapeText('bell\u0007')).toBe('bell\uFFFD');
    expect(escapeText('plain')).toBe('plain');
  });
});

describe('unit templates', () => {
  it('writes an empty conversion list self-closed and each conversion in order', () => {
    const unit = { id: 3, name: 'box', description: null, allow_fractional: true };
    expect(unitShow({ ...unit, conversions: null })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<unit>\n  <id>3</id>\n  <name>box</name>\n  <description/>\n' +
        '  <allow_fractional>true</allow_fractional>\n  <unit_conversions type="array"/>\n</unit>\n',
    );
    expect(unitShow({ ...unit, conversions: [{ id: 1, to_unit_id: 2, factor: '0.0125' }] })).toContain(
      '  <unit_conversions type="array">\n    <unit_conversion>\n      <id>1</id>\n      <to_unit_id>2</to_unit_id>\n' +
        '      <factor>0.0125</factor>\n    </unit_conversion>\n  </unit_conversions>\n',
    );
  });

  it('writes a list with its items, or an empty list self-closed', () => {
    expect(listDocument('units', [{ id: 1, name: 'a & b', description: 'x' }], unitListItem)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<units type="array">\n  <unit>\n    <id>1</id>\n    <name>a &amp; b</name>\n' +
        '    <description>x</description>\n  </unit>\n</units>\n',
    );
    expect(listDocument('units', [], unitListItem)).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<units type="array"/>\n');
  });
});

describe('paginationHeader', () => {
  it('counts as will_paginate, in PIPS key order', () => {
    expect(paginationHeader(10_000, 1, 100)).toBe(
      '{"total_entries":10000,"total_pages":100,"per_page":100,"current_page":1,"first_page":true,"last_page":false,"previous_page":null,"next_page":2,"out_of_range":false}',
    );
    expect(JSON.parse(paginationHeader(0, 1, 25))).toMatchObject({ total_pages: 0, last_page: false, next_page: null, out_of_range: true });
  });
});

describe('manufacturerShow', () => {
  it('writes every field, empty ones self-closed, and no vendors', () => {
    const empty = { short_name: null, website: null, address1: null, address2: null, address3: null, city: null, state: null };
    const xml = manufacturerShow({ id: 9, name: 'M', ...empty, postcode: null, country: null, phone1: null, phone2: null, phone3: '1' });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<manufacturer>\n  <id>9</id>\n  <name>M</name>\n  <short_name/>\n')).toBe(true);
    expect(xml.endsWith('  <phone3>1</phone3>\n  <vendors type="array"/>\n</manufacturer>\n')).toBe(true);
  });
});
