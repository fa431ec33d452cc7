import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError } from './codec-error';
import { buildElement, buildXml, XML_DECLARATION } from './build-xml';
import { parseXml } from './parse-xml';
import { propertySettings } from './property-settings';
import { hostileText, outputName } from './xml-arbitraries';
import { fields, list, textWithAttributes, type XmlNode } from './xml-node';

describe('buildXml', () => {
  it('renders a record like Rails to_xml', () => {
    expect(buildXml('customer', fields([['id', '1'], ['name', 'A & B'], ['email', null]]))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<customer>\n  <id>1</id>\n  <name>A &amp; B</name>\n  <email/>\n</customer>\n',
    );
  });

  it('starts with the declaration', () => {
    expect(XML_DECLARATION).toBe('<?xml version="1.0" encoding="UTF-8"?>\n');
    expect(buildXml('a', 'x')).toBe(`${XML_DECLARATION}<a>x</a>\n`);
  });

  it('renders null and the empty string as an empty element', () => {
    expect(buildElement('a', null)).toBe('<a/>\n');
    expect(buildElement('a', '')).toBe('<a/>\n');
    expect(buildElement('a', fields([]))).toBe('<a/>\n');
  });

  it('keeps entry order exactly and allows repeated names', () => {
    const xml = buildElement(
      'inventory_location',
      fields([
        ['zeta', '1'],
        ['alpha', '2'],
        ['inventory_sublocation', fields([['name', 'Shelf A']])],
        ['inventory_sublocation', fields([['name', 'Cage B']])],
      ]),
    );
    expect(xml).toBe(
      [
        '<inventory_location>',
        '  <zeta>1</zeta>',
        '  <alpha>2</alpha>',
        '  <inventory_sublocation>',
        '    <name>Shelf A</name>',
        '  </inventory_sublocation>',
        '  <inventory_sublocation>',
        '    <name>Cage B</name>',
        '  </inventory_sublocation>',
        '</inventory_location>',
        '',
      ].join('\n'),
    );
  });

  it('renders lists as typed arrays, at the root and nested, indenting each level', () => {
    const customers = list('customer', [
      fields([
        ['id', '1'],
        ['contacts', list('contact', [fields([['name', 'Ann']]), null])],
        ['tags', list('tag', [])],
      ]),
    ]);
    expect(buildXml('customers', customers)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<customers type="array">',
        '  <customer>',
        '    <id>1</id>',
        '    <contacts type="array">',
        '      <contact>',
        '        <name>Ann</name>',
        '      </contact>',
        '      <contact/>',
        '    </contacts>',
        '    <tags type="array"/>',
        '  </customer>',
        '</customers>',
        '',
      ].join('\n'),
    );
  });

  it('renders an empty list as a self-closed typed array', () => {
    expect(buildXml('customers', list('customer', []))).toBe(`${XML_DECLARATION}<customers type="array"/>\n`);
  });

  it('renders lists of lists', () => {
    expect(buildElement('m', list('row', [list('c', ['1'])]))).toBe(
      '<m type="array">\n  <row type="array">\n    <c>1</c>\n  </row>\n</m>\n',
    );
  });

  it('escapes markup characters in text', () => {
    expect(buildElement('t', `<b> & "q" 'a' ]]>`)).toBe(`<t>&lt;b&gt; &amp; &quot;q&quot; 'a' ]]&gt;</t>\n`);
    expect(buildElement('t', 'already &amp; escaped')).toBe('<t>already &amp;amp; escaped</t>\n');
  });

  it('keeps whitespace, newlines and non-ASCII text, escaping CR so it survives a read', () => {
    expect(buildElement('t', '  a\n\tb  ')).toBe('<t>  a\n\tb  </t>\n');
    expect(buildElement('t', 'é 😀 ≤')).toBe('<t>é 😀 ≤</t>\n');
    expect(buildElement('t', 'a\r\nb')).toBe('<t>a&#13;\nb</t>\n');
  });

  it('replaces characters XML cannot carry with U+FFFD', () => {
    expect(buildElement('t', 'a\u0000b\u0007c\u001Fd\uFFFEe\uFFFF')).toBe('<t>a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFD</t>\n');
    expect(buildElement('t', 'x\uD800y\uDC00z')).toBe('<t>x\uFFFDy\uFFFDz</t>\n');
  });

  it.each(['', '1abc', 'a b', 'a<b', 'a/b', 'a:b', 'é', '-a', 'a>'])('throws a plain Error for the name %j', (name) => {
    expect(() => buildElement(name, 'x')).toThrow(/invalid XML element name/);
    expect(() => buildElement(name, 'x')).not.toThrow(CodecError);
    expect(() => buildElement('ok', fields([[name, 'x']]))).toThrow(/invalid XML element name/);
    expect(() => buildElement('ok', list(name, ['x']))).toThrow(/invalid XML element name/);
  });

  it('accepts ordinary Rails attribute names', () => {
    expect(buildElement('_a.b-c_9', 'x')).toBe('<_a.b-c_9>x</_a.b-c_9>\n');
  });

  it('streams a list item by item into exactly the bytes buildXml produces', () => {
    const items = [fields([['id', '1']]), fields([['id', '2'], ['tags', list('tag', ['x'])]]), null];
    const streamed =
      XML_DECLARATION +
      '<customers type="array">\n' +
      items.map((item) => buildElement('customer', item, 1)).join('') +
      '</customers>\n';
    expect(streamed).toBe(buildXml('customers', list('customer', items)));
  });

  it('writes text with attributes in order, escaping their values', () => {
    const node = textWithAttributes('0.0015', [
      ['value_text', '1.5 g <net> & "dry"'],
      ['unit', 'g'],
    ]);
    expect(buildElement('x_mass', node)).toBe('<x_mass value_text="1.5 g &lt;net&gt; &amp; &quot;dry&quot;" unit="g">0.0015</x_mass>\n');
    expect(buildElement('x_mass', textWithAttributes('1', [['note', 'a\tb\r\nc']]))).toBe(
      '<x_mass note="a&#9;b&#13;&#10;c">1</x_mass>\n',
    );
  });

  it('self-closes attributed text that is empty or null, keeping the attributes', () => {
    expect(buildElement('x_power', textWithAttributes(null, [['value_text', '']]))).toBe('<x_power value_text=""/>\n');
    expect(buildElement('x_power', textWithAttributes('', [['value_text', 'x']]))).toBe('<x_power value_text="x"/>\n');
    expect(buildElement('x_power', textWithAttributes('2', []))).toBe('<x_power>2</x_power>\n');
  });

  it('refuses an attribute name outside the safe set', () => {
    expect(() => buildElement('x', textWithAttributes('1', [['a b', 'c']]))).toThrow(/invalid XML element name/);
  });

  it('refuses a repeated attribute, which no reader would take', () => {
    const node = textWithAttributes('1', [['unit', 'g'], ['value_text', '1 g'], ['unit', 'kg']]);
    expect(() => buildElement('x_mass', node)).toThrow(/repeated XML attribute: "unit"/);
    expect(() => buildElement('x_mass', node)).not.toThrow(CodecError);
  });

  it('writes a document parseXml reads for any tree, or refuses the tree with a plain Error', () => {
    const anyName = fc.oneof(outputName, fc.string({ maxLength: 4 }));
    const attributes = fc.array(fc.tuple(fc.oneof(outputName, fc.constantFrom('a', 'b')), hostileText), { maxLength: 3 });
    const { node } = fc.letrec<{ node: XmlNode }>((tie) => ({
      node: fc.oneof(
        { maxDepth: 3 },
        hostileText,
        fc.tuple(fc.option(hostileText, { nil: null }), attributes).map(([text, attrs]) => textWithAttributes(text, attrs)),
        fc.array(fc.tuple(anyName, tie('node')), { maxLength: 4 }).map(fields),
        fc.tuple(anyName, fc.array(tie('node'), { maxLength: 3 })).map(([item, items]) => list(item, items)),
      ),
    }));
    fc.assert(
      fc.property(anyName, node, (name, tree) => {
        let xml: string;
        try {
          xml = buildXml(name, tree);
        } catch (error) {
          expect(error).not.toBeInstanceOf(CodecError);
          expect(String(error)).toMatch(/invalid XML element name|repeated XML attribute/);
          return;
        }
        expect(() => parseXml(xml)).not.toThrow();
      }),
      propertySettings(300),
    );
  });

  it('builds thousands of items', () => {
    const items = Array.from({ length: 10_000 }, (_, i) =>
      fields([
        ['id', String(i)],
        ['name', `Part ${i} & co`],
      ]),
    );
    const xml = buildXml('parts', list('part', items));
    expect(xml.split('\n')).toHaveLength(2 + 10_000 * 4 + 1 + 1);
    expect(xml).toContain('  <part>\n    <id>9999</id>\n    <name>Part 9999 &amp; co</name>\n  </part>\n</parts>\n');
  });
});
