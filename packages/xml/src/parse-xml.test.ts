import { describe, expect, it } from 'vitest';
import { parseXml } from './parse-xml';
import { codeOf, expectNullPrototypes, fixture } from './test-helpers';

describe('parseXml with real request bodies', () => {
  it('reads an inventory_location create body with a typed sublocation array', () => {
    const params = parseXml(fixture('inventory-location-create.xml'));
    expect(params).toEqual({
      inventory_location: {
        name: 'Main Warehouse',
        shortname: 'MAIN',
        timezone: 'Europe/London',
        description: 'Ground floor & mezzanine',
        postcode: 'SW1A 1AA',
        inventory_sublocations: [
          { name: 'Shelf A', has_bins: 'true' },
          { name: 'Cage B', has_bins: 'false' },
        ],
      },
    });
    expectNullPrototypes(params);
  });

  it('reads a part with a nested revision, keeping numbers as written and CDATA as text', () => {
    expect(parseXml(fixture('part-create.xml'))).toEqual({
      part: {
        part_number: 'RES-0402-10K',
        description: 'Resistor 10k 1% 0402',
        parttype_id: '3',
        unit_id: '1',
        revision: {
          revision_code: 'A',
          unit_cost: '0.0040',
          lead_time_days: '014',
          notes: 'Use <Yageo> or equivalent; tolerance ≤ 1% & TCR 100ppm',
        },
      },
    });
  });

  it('reads a customer whose empty and nil elements become null', () => {
    expect(parseXml(fixture('customer-empty-elements.xml'))).toEqual({
      customer: {
        name: 'Acme Ltd.',
        email: null,
        discount: null,
        tax_identification_number: null,
        account_number: null,
        credit_terms: null,
        credit_limit: '1e5',
        payment_method: ' ',
      },
    });
  });

  it('reads a compact one-line document with a character reference', () => {
    expect(parseXml(fixture('compact-one-line.xml'))).toEqual({
      inventory_sublocation: { name: 'Bin 7 – top', has_bins: 'true', inventory_location_id: '12' },
    });
  });

  it('reads a typed array at the root', () => {
    expect(parseXml(fixture('customers-array.xml'))).toEqual({
      customers: [
        { id: '1', name: 'A & B' },
        { id: '2', name: 'C <D>' },
      ],
    });
  });

  it('normalises CRLF line ends', () => {
    expect(parseXml(fixture('crlf-unit.xml'))).toEqual({ unit: { name: 'Metre', abbreviation: 'm' } });
    expect(parseXml('<a>x\r\ny\rz</a>')).toEqual({ a: 'x\ny\nz' });
  });
});

describe('parseXml leaf text', () => {
  it.each(['010.50', '1e5', '0x1F', '-0', '  42  ', 'true', '\n  indented\n', '00123'])('keeps %j verbatim', (text) => {
    expect(parseXml(`<n>${text}</n>`)).toEqual({ n: text });
  });

  it('keeps a whitespace-only leaf (Rails does) but drops whitespace between children', () => {
    expect(parseXml('<a>   </a>')).toEqual({ a: '   ' });
    expect(parseXml('<a>\n  <b>1</b>\n  <c>2</c>\n</a>')).toEqual({ a: { b: '1', c: '2' } });
  });

  it('lets child elements win over mixed-in text', () => {
    expect(parseXml('<a>before<b>1</b>after</a>')).toEqual({ a: { b: '1' } });
  });

  it('treats CDATA as text, joined with surrounding text', () => {
    expect(parseXml('<a><![CDATA[<b>&amp;</b>]]></a>')).toEqual({ a: '<b>&amp;</b>' });
    expect(parseXml('<a>x <![CDATA[y]]> z</a>')).toEqual({ a: 'x y z' });
    expect(parseXml('<a><![CDATA[]]></a>')).toEqual({ a: '' });
  });

  it('decodes the predefined entities and numeric references once', () => {
    expect(parseXml('<a>&lt;&gt;&amp;&quot;&apos;</a>')).toEqual({ a: `<>&"'` });
    expect(parseXml('<a>&#38;&#x26;&#x41;&#0065;</a>')).toEqual({ a: '&&AA' });
    expect(parseXml('<a>&#x1F600;&#233;</a>')).toEqual({ a: '😀é' });
    expect(parseXml('<a>&amp;lt;</a>')).toEqual({ a: '&lt;' });
  });

  it.each(['&nbsp;', '&e;', '&#0;', '&#xD800;', '&#x110000;', '&#99999999999999999999;', '&#x;', '&#;', '&#X41;', '&', '&amp'])(
    'refuses the reference %j',
    (ref) => {
      expect(codeOf(() => parseXml(`<a>${ref}</a>`))).toBe('malformed');
    },
  );

  it('keeps characters outside the BMP, written as surrogate pairs', () => {
    expect(parseXml('<a b="\uD83D\uDE00">\uD83D\uDE00\uDBFF\uDFFF</a>')).toEqual({ a: '😀\uDBFF\uDFFF' });
  });

  it('ignores comments and processing instructions', () => {
    expect(parseXml('<?xml version="1.0"?><!-- c --><a><!-- x -->1<?pi data?>2</a><!-- end -->')).toEqual({ a: '12' });
    expect(parseXml('<a><!-- only a comment --></a>')).toEqual({ a: null });
  });

  it('tolerates a byte order mark and leading whitespace', () => {
    expect(parseXml('\uFEFF\n\n\n\n\n\n\n<?xml version="1.0"?>\n<a>1</a>\n')).toEqual({ a: '1' });
  });
});

describe('parseXml structure', () => {
  it('turns empty elements into null', () => {
    expect(parseXml('<a><b/><c></c><d /></a>')).toEqual({ a: { b: null, c: null, d: null } });
    expect(parseXml('<a/>')).toEqual({ a: null });
  });

  it('turns nil="true" into null whatever the content', () => {
    expect(parseXml('<a><b nil="true">text</b><c nil="true"><d>1</d></c><e nil="&#116;rue"/></a>')).toEqual({
      a: { b: null, c: null, e: null },
    });
    expect(parseXml('<a nil="false">1</a>')).toEqual({ a: '1' });
    expect(parseXml('<a type="array" nil="true"><b>1</b></a>')).toEqual({ a: null });
  });

  it('reads type="array" children in document order, ignoring their names', () => {
    expect(parseXml('<a type="array"><x>1</x><y>2</y><x>3</x></a>')).toEqual({ a: ['1', '2', '3'] });
    expect(parseXml('<a type="array"><x>1</x></a>')).toEqual({ a: ['1'] });
    expect(parseXml('<a type="array"><x/><x nil="true"/></a>')).toEqual({ a: [null, null] });
    expect(parseXml("<a type='array'>\n  stray text\n</a>")).toEqual({ a: [] });
  });

  it('reads empty typed arrays as []', () => {
    expect(parseXml('<r><a type="array"/><b type="array"></b></r>')).toEqual({ r: { a: [], b: [] } });
  });

  it('nests typed arrays', () => {
    expect(parseXml('<m type="array"><row type="array"><c>1</c><c>2</c></row><row type="array"/></m>')).toEqual({
      m: [['1', '2'], []],
    });
  });

  it('turns repeated siblings into an array, as Rails does', () => {
    expect(parseXml('<a><x>1</x><y>2</y><x>3</x></a>')).toEqual({ a: { x: ['1', '3'], y: '2' } });
    const params = parseXml('<a><x>1</x><y>2</y><x>3</x></a>');
    expect(Object.keys(params.a as object)).toEqual(['x', 'y']);
  });

  it('keeps repeated typed arrays apart', () => {
    expect(parseXml('<a><l type="array"><i>1</i></l><l type="array"><i>2</i></l></a>')).toEqual({
      a: { l: [['1'], ['2']] },
    });
  });

  it('reads a list wrapper sent twice as a list of the wrappers, as they were: the domain, which knows the field is a list, joins them', () => {
    const item = (n: number) => `<alternate_part><part_id>${n}</part_id></alternate_part>`;
    const block = (typed: boolean) => `<alternate_parts${typed ? ' type="array"' : ''}>${item(1)}${item(2)}</alternate_parts>`;
    expect(parseXml(`<part>${block(false)}${block(false)}</part>`)).toEqual({
      part: { alternate_parts: [{ alternate_part: [{ part_id: '1' }, { part_id: '2' }] }, { alternate_part: [{ part_id: '1' }, { part_id: '2' }] }] },
    });
    expect(parseXml(`<part>${block(true)}<alternate_parts>${item(3)}</alternate_parts><alternate_parts/></part>`)).toEqual({
      part: { alternate_parts: [[{ part_id: '1' }, { part_id: '2' }], { alternate_part: { part_id: '3' } }, null] },
    });
  });

  it('ignores other attributes, including type casts', () => {
    expect(parseXml('<a id="7" xmlns="urn:x"><n type="integer">5</n><d type="date">2020-01-01</d></a>')).toEqual({
      a: { n: '5', d: '2020-01-01' },
    });
  });

  it('keeps the attributes it is asked to keep, under @name, the text under #text', () => {
    const doc = '<r><x_mass value_text="10 g" unit="g">10.0</x_mass><x_power value_text=""/><x_tol>5%</x_tol><v value_text="a &amp; b"><c>1</c></v></r>';
    const params = parseXml(doc, undefined, { attributes: ['value_text'] });
    expect(params).toEqual({
      r: {
        x_mass: { '@value_text': '10 g', '#text': '10.0' },
        x_power: { '@value_text': '', '#text': null },
        x_tol: '5%',
        v: { '@value_text': 'a & b', c: '1' },
      },
    });
    expectNullPrototypes(params);
    expect(parseXml(doc)).toEqual({ r: { x_mass: '10.0', x_power: null, x_tol: '5%', v: { c: '1' } } });
  });

  it('lets nil="true" and type="array" win over kept attributes, as they win in Rails', () => {
    const doc = '<r><a value_text="x" nil="true">1</a><l value_text="y" type="array"><i>2</i></l></r>';
    expect(parseXml(doc, undefined, { attributes: ['value_text'] })).toEqual({ r: { a: null, l: ['2'] } });
  });

  it('keeps prefixed names as written', () => {
    expect(parseXml('<x:a xmlns:x="urn:x"><x:b>1</x:b></x:a>')).toEqual({ 'x:a': { 'x:b': '1' } });
  });

  it('builds only null-prototype objects', () => {
    const params = parseXml('<a><b><c>1</c></b><l type="array"><i><j>2</j></i></l></a>');
    expect(Object.getPrototypeOf(params)).toBeNull();
    expectNullPrototypes(params);
  });
});
