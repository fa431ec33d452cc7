import { CodecError } from './codec-error';
import { decodeEntities } from './decode-entities';
import { XML_NAME_AT } from './xml-name';

/** Callbacks of the tokenizer; a self-closing tag arrives as startElement + endElement. */
export interface XmlHandler {
  startElement(name: string, attrs: ReadonlyMap<string, string>): void;
  endElement(name: string): void;
  /** Raw character data, references not yet decoded (the handler decides whether it is needed). */
  text(raw: string): void;
  cdata(value: string): void;
}

const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;

function malformed(message: string): CodecError {
  return new CodecError('malformed', message);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

function skipSpace(s: string, i: number): number {
  while (isSpace(s.charCodeAt(i))) i++;
  return i;
}

function readName(s: string, i: number): string {
  XML_NAME_AT.lastIndex = i;
  const match = XML_NAME_AT.exec(s);
  if (match === null) throw malformed(`expected a name at offset ${i}`);
  return match[0];
}

function indexOrThrow(s: string, token: string, from: number, what: string): number {
  const at = s.indexOf(token, from);
  if (at === -1) throw malformed(`unterminated ${what}`);
  return at;
}

/**
 * Scans a document linearly and iteratively (no recursion, so nesting depth cannot exhaust the stack).
 * It only understands elements, attributes, text, CDATA, comments and processing instructions:
 * any other `<!` markup (DOCTYPE, ENTITY, ...) is malformed here.
 */
export function tokenizeXml(s: string, handler: XmlHandler): void {
  let i = 0;
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    const end = lt === -1 ? s.length : lt;
    if (end > i) handler.text(s.slice(i, end));
    if (lt === -1) return;
    i = readMarkup(s, lt, handler);
  }
}

function readMarkup(s: string, lt: number, handler: XmlHandler): number {
  const next = s.charCodeAt(lt + 1);
  if (next === QUESTION) {
    const target = readName(s, lt + 2);
    if (target.toLowerCase() === 'xml' && lt !== 0) throw malformed('XML declaration not at the start');
    return indexOrThrow(s, '?>', lt + 2, 'processing instruction') + 2;
  }
  if (next === BANG) {
    if (s.startsWith('<!--', lt)) return indexOrThrow(s, '-->', lt + 4, 'comment') + 3;
    if (s.startsWith('<![CDATA[', lt)) {
      const close = indexOrThrow(s, ']]>', lt + 9, 'CDATA section');
      handler.cdata(s.slice(lt + 9, close));
      return close + 3;
    }
    throw malformed('unsupported markup declaration');
  }
  if (next === SLASH) return readEndTag(s, lt + 2, handler);
  return readStartTag(s, lt + 1, handler);
}

function readEndTag(s: string, i: number, handler: XmlHandler): number {
  const name = readName(s, i);
  const close = skipSpace(s, i + name.length);
  if (s.charCodeAt(close) !== GT) throw malformed(`bad end tag </${name}`);
  handler.endElement(name);
  return close + 1;
}

function readStartTag(s: string, i: number, handler: XmlHandler): number {
  const name = readName(s, i);
  const attrs = new Map<string, string>();
  i += name.length;
  for (;;) {
    const before = i;
    i = skipSpace(s, i);
    const code = s.charCodeAt(i);
    if (code === GT) {
      handler.startElement(name, attrs);
      return i + 1;
    }
    if (code === SLASH && s.charCodeAt(i + 1) === GT) {
      handler.startElement(name, attrs);
      handler.endElement(name);
      return i + 2;
    }
    if (i === before) throw malformed(`bad start tag <${name}`);
    i = readAttribute(s, i, name, attrs);
  }
}

function readAttribute(s: string, i: number, tag: string, attrs: Map<string, string>): number {
  const attr = readName(s, i);
  i = skipSpace(s, i + attr.length);
  if (s.charCodeAt(i) !== EQUALS) throw malformed(`attribute ${attr} of <${tag}> has no value`);
  i = skipSpace(s, i + 1);
  const quote = s[i];
  if (quote !== '"' && quote !== "'") throw malformed(`attribute ${attr} of <${tag}> is not quoted`);
  const close = indexOrThrow(s, quote, i + 1, 'attribute value');
  const raw = s.slice(i + 1, close);
  if (raw.includes('<')) throw malformed(`'<' in attribute ${attr} of <${tag}>`);
  if (attrs.has(attr)) throw malformed(`repeated attribute ${attr} of <${tag}>`);
  attrs.set(attr, decodeEntities(raw));
  return close + 1;
}

