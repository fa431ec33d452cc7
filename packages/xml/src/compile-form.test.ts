import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildElement, XML_DECLARATION } from './build-xml';
import { compileElement } from './compile-form';
import { array, each, fixed, form, named, nested, text, verbatim, when, type NamedValue } from './form';
import type { ParamValue } from './params';
import { parseXml } from './parse-xml';
import { propertySettings } from './property-settings';
import { shownText } from './test-helpers';
import { hostileText } from './xml-arbitraries';
import { fields, textWithAttributes } from './xml-node';

/** Text that needs every kind of care: markup, CR, controls, lone and paired surrogates, empty. */
const HOSTILE = [
  '',
  'plain',
  '&',
  '<b>&amp;"q"</b>',
  `'a' ]]>`,
  'a\r\nb\rc',
  '\r',
  'tab\there\nnewline',
  '\u0000\u0001\u0008\u000B\u000C\u000E\u001F\u007F',
  '\uFFFE\uFFFF\uFFFD',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDBFF\uDFFF',
  '\uDFFF\uD800',
  'é 😀 ≤ \u2028',
  '  ',
] as const;

interface Line {
  sku: string | null;
  qty: string | null;
}
interface Order {
  id: number;
  note: string | null | undefined;
  customer: { name: string | null } | null;
  lines: Array<Line | null>;
  tags: string[];
  rush: boolean | null;
  custom: Array<{ name: string; value: string | null; unit?: string }>;
}
interface Env {
  stamp: string;
}

/** What the descriptions would read; the writers never do. */
const plain = { type: 'string' };
const custom = { pattern: '^.', schema: plain };

const lineForm = form<Line>([text('sku', (line) => line.sku), verbatim('qty', (line) => line.qty, plain)]);
const customerForm = form<{ name: string | null }>([text('name', (customer) => customer.name)]);
const tagForm = form<string>([text('label', (tag) => tag)]);
const customValue = (c: Order['custom'][number]): NamedValue =>
  c.unit === undefined ? c.value : textWithAttributes(c.value, [['unit', c.unit]]);

/** Every kind of field, the ones that may write nothing included. */
const orderForm = form<Order, Env>([
  verbatim('id', (order) => String(order.id), plain),
  text('note', (order) => order.note),
  verbatim('stamp', (_, env) => env.stamp, plain),
  nested('customer', customerForm, (order) => order.customer),
  array('lines', 'line', lineForm, (order) => order.lines),
  each('tag', tagForm, (order) => order.tags),
  when((order) => order.rush !== null, [verbatim('rush', (order) => String(order.rush), plain), text('why', (order) => order.note)]),
  fixed('visibility', fields([['id', null], ['name', null]])),
  named((order) => order.custom, (c) => c.name, customValue, custom),
]);

/** Only fields that may write nothing: the element self-closes when none does. */
const sparseForm = form<Order>([
  when((order) => order.rush === true, [verbatim('rush', () => 'true', plain)]),
  each('tag', tagForm, (order) => order.tags),
  named((order) => order.custom, (c) => c.name, customValue, custom),
]);

/** Orders of every shape, their texts hostile: the listed ones and any other JS string. */
const hostile = fc.oneof(fc.constantFrom(...HOSTILE), hostileText);
const maybe = fc.option(hostile, { nil: null });
const anyOrder: fc.Arbitrary<Order> = fc.record({
  id: fc.nat(),
  note: fc.oneof(maybe, fc.constant(undefined)),
  customer: fc.option(fc.record({ name: maybe }), { nil: null }),
  lines: fc.array(fc.option(fc.record({ sku: maybe, qty: fc.option(fc.nat(99).map(String), { nil: null }) }), { nil: null }), { maxLength: 3 }),
  tags: fc.array(hostile, { maxLength: 3 }),
  rush: fc.option(fc.boolean(), { nil: null }),
  custom: fc
    .array(fc.record({ value: maybe, unit: hostile }, { requiredKeys: ['value'] }), { maxLength: 3 })
    .map((items) => items.map((item, i) => ({ name: `x_${i}`, ...item }))),
});

const sample: Order = {
  id: 1,
  note: 'a\r\nb',
  customer: { name: '<c>' },
  lines: [{ sku: 's', qty: '2' }, null],
  tags: ['t', '\uD800'],
  rush: true,
  custom: [{ name: 'x_0', value: '1', unit: 'g' }],
};

/** Text as a reader gets it back: empty is null, what XML cannot carry is U+FFFD. */
const read = (text: string | null | undefined) => (text == null || text === '' ? null : shownText(text));

/** A repeated element reads as its value once, as a list when it repeats, and not at all when absent. */
function repeated(values: ParamValue[]): Record<string, ParamValue> {
  return values.length === 0 ? {} : { tag: values.length === 1 ? values[0]! : values };
}

const customs = (order: Order) => Object.fromEntries(order.custom.map((c) => [c.name, read(c.value)]));

/** What parseXml gives back for an order the full form wrote: the values the form shows. */
function shownOrder(order: Order): ParamValue {
  return {
    id: String(order.id),
    note: read(order.note),
    stamp: env.stamp,
    customer: order.customer === null ? null : { name: read(order.customer.name) },
    lines: order.lines.map((line) => (line === null ? null : { sku: read(line.sku), qty: line.qty })),
    ...repeated(order.tags.map((tag) => ({ label: read(tag) }))),
    ...(order.rush === null ? {} : { rush: String(order.rush), why: read(order.note) }),
    visibility: { id: null, name: null },
    ...customs(order),
  };
}

/** The same for the sparse form, which writes nothing at all for some orders. */
function shownSparse(order: Order): ParamValue {
  const shown = {
    ...(order.rush === true ? { rush: 'true' } : {}),
    ...repeated(order.tags.map((tag) => ({ label: read(tag) }))),
    ...customs(order),
  };
  return Object.keys(shown).length === 0 ? null : shown;
}

const env: Env = { stamp: '2016-01-24 20:11:47 -0800' };

describe('compileElement', () => {
  const order = compileElement('order', orderForm);
  const sparse = compileElement('order', sparseForm);

  it('writes the bytes buildElement writes for the tree the form builds, at every depth', () => {
    fc.assert(
      fc.property(anyOrder, fc.constantFrom(0, 1, 2, 5), (value, depth) => {
        expect(order.write(value, env, depth)).toBe(buildElement('order', orderForm(value, env), depth));
        expect(sparse.write(value, undefined, depth)).toBe(buildElement('order', sparseForm(value), depth));
      }),
      propertySettings(400),
    );
  });

  it('writes what parseXml reads back as the values the form shows, whatever the text', () => {
    fc.assert(
      fc.property(anyOrder, fc.constantFrom(0, 1, 3), (value, depth) => {
        expect(parseXml(XML_DECLARATION + order.write(value, env, depth))).toEqual({ order: shownOrder(value) });
        expect(parseXml(XML_DECLARATION + sparse.write(value, undefined, depth))).toEqual({ order: shownSparse(value) });
      }),
      propertySettings(300),
    );
  });

  it('writes each hostile text as escapeText does, in elements and attributes', () => {
    for (const note of HOSTILE) {
      const value: Order = { ...sample, note, custom: [{ name: 'x_mass', value: note, unit: note }] };
      expect(order.write(value, env, 1)).toBe(buildElement('order', orderForm(value, env), 1));
    }
  });

  it('writes a known order exactly', () => {
    const value: Order = {
      id: 3,
      note: 'A & B\r',
      customer: { name: null },
      lines: [{ sku: '<x>', qty: '2' }, null],
      tags: ['t'],
      rush: false,
      custom: [
        { name: 'x_package', value: '0402' },
        { name: 'x_mass', value: null, unit: '2 "mg"' },
      ],
    };
    expect(order.write(value, env, 1)).toBe(
      [
        '  <order>',
        '    <id>3</id>',
        '    <note>A &amp; B&#13;</note>',
        '    <stamp>2016-01-24 20:11:47 -0800</stamp>',
        '    <customer>',
        '      <name/>',
        '    </customer>',
        '    <lines type="array">',
        '      <line>',
        '        <sku>&lt;x&gt;</sku>',
        '        <qty>2</qty>',
        '      </line>',
        '      <line/>',
        '    </lines>',
        '    <tag>',
        '      <label>t</label>',
        '    </tag>',
        '    <rush>false</rush>',
        '    <why>A &amp; B&#13;</why>',
        '    <visibility>',
        '      <id/>',
        '      <name/>',
        '    </visibility>',
        '    <x_package>0402</x_package>',
        '    <x_mass unit="2 &quot;mg&quot;"/>',
        '  </order>',
        '',
      ].join('\n'),
    );
  });

  it('writes null, undefined and empty text as an empty element, and empty arrays self-closed', () => {
    const value: Order = { id: 0, note: undefined, customer: null, lines: [], tags: [], rush: null, custom: [] };
    const xml = order.write(value, env);
    expect(xml).toContain('\n  <note/>\n');
    expect(xml).toContain('\n  <customer/>\n  <lines type="array"/>\n  <visibility>');
    expect(order.write({ ...value, note: '' }, env)).toBe(xml);
    expect(orderForm(value, env).entries.find(([name]) => name === 'note')).toEqual(['note', null]);
  });

  it('self-closes an element none of whose fields wrote anything, and a null value', () => {
    const empty: Order = { id: 0, note: null, customer: null, lines: [], tags: [], rush: null, custom: [] };
    expect(sparse.write(empty, undefined, 1)).toBe('  <order/>\n');
    expect(sparse.write({ ...empty, rush: true }, undefined, 1)).toBe('  <order>\n    <rush>true</rush>\n  </order>\n');
    expect(order.write(null, env, 2)).toBe('    <order/>\n');
  });

  it('writes verbatim fields as they are: the declaration vouches they need no escaping', () => {
    const raw = compileElement('n', form<string>([verbatim('v', (value) => value, plain)]));
    expect(raw.write('1.0', undefined)).toBe('<n>\n  <v>1.0</v>\n</n>\n');
  });

  it('checks element names when a form is declared or compiled, not when it writes', () => {
    expect(() => text('a b', () => null)).toThrow(/invalid XML element name/);
    expect(() => verbatim('1x', () => null, plain)).toThrow(/invalid XML element name/);
    expect(() => array('ok', 'a<b', lineForm, () => [])).toThrow(/invalid XML element name/);
    expect(() => nested('', lineForm, () => null)).toThrow(/invalid XML element name/);
    expect(() => each('-x', lineForm, () => [])).toThrow(/invalid XML element name/);
    expect(() => fixed('é', null)).toThrow(/invalid XML element name/);
    expect(() => compileElement('a:b', lineForm)).toThrow(/invalid XML element name/);
  });

  it('checks a name the data gives as it writes it, as buildElement does', () => {
    const value: Order = { ...sample, custom: [{ name: 'x y', value: '1' }] };
    expect(() => order.write(value, env)).toThrow(/invalid XML element name/);
    expect(() => buildElement('order', orderForm(value, env))).toThrow(/invalid XML element name/);
    const badAttribute: Order = { ...value, custom: [{ name: 'x_ok', value: '1', unit: 'u' }] };
    const attributeForm = form<Order>([
      named((o) => o.custom, (c) => c.name, (c) => textWithAttributes(c.value, [['a b', c.unit ?? '']]), custom),
    ]);
    expect(() => compileElement('o', attributeForm).write(badAttribute, undefined)).toThrow(/invalid XML element name/);
  });

  it('builds the tree a form declares when called, without env where it needs none', () => {
    expect(lineForm({ sku: 'a', qty: null })).toEqual(fields([['sku', 'a'], ['qty', null]]));
  });
});
