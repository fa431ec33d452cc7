import { CodecError } from './codec-error';
import { decodeEntities } from './decode-entities';
import { newParams, setParam, type ParamValue, type Params } from './params';
import type { XmlHandler } from './xml-tokenizer';

/** One open element. Children are finished values, so no element is ever revisited (bottom-up, no recursion). */
interface Frame {
  readonly name: string;
  readonly nil: boolean;
  readonly array: boolean;
  children: Array<readonly [string, ParamValue]> | null;
  text: string;
  hasText: boolean;
  /** The attributes the caller asked to keep, in document order; null when it carries none. */
  readonly kept: ReadonlyArray<readonly [string, string]> | null;
}

function malformed(message: string): CodecError {
  return new CodecError('malformed', message);
}

const WHITESPACE_ONLY = /^[ \t\n\r]*$/;

/** Rails: repeated sibling names become an array; a single occurrence stays a plain value. */
function groupChildren(children: ReadonlyArray<readonly [string, ParamValue]>): Params {
  const grouped = new Map<string, ParamValue[]>();
  for (const [name, value] of children) {
    const values = grouped.get(name);
    if (values === undefined) grouped.set(name, [value]);
    else values.push(value);
  }
  const out = newParams();
  for (const [name, values] of grouped) setParam(out, name, values.length === 1 ? (values[0] as ParamValue) : values);
  return out;
}

function frameValue(frame: Frame): ParamValue {
  if (frame.nil) return null;
  if (frame.array) return frame.children === null ? [] : frame.children.map(([, value]) => value);
  // Children win over mixed-in text.
  const value = frame.children !== null ? groupChildren(frame.children) : frame.hasText ? frame.text : null;
  return frame.kept === null ? value : withAttributes(frame.kept, frame.children !== null ? (value as Params) : null, value);
}

/**
 * An element carrying kept attributes: a hash of them under `@name` (no element name begins with
 * `@`, so none collides with a child), beside its children, or its text (null when empty) under `#text`.
 */
function withAttributes(kept: ReadonlyArray<readonly [string, string]>, children: Params | null, text: ParamValue): Params {
  const out = newParams();
  for (const [name, value] of kept) setParam(out, `@${name}`, value);
  if (children === null) setParam(out, '#text', text);
  else for (const [name, value] of Object.entries(children)) setParam(out, name, value);
  return out;
}

function keptAttributes(attrs: ReadonlyMap<string, string>, keep: ReadonlySet<string>): Array<readonly [string, string]> | null {
  const kept = [...attrs].filter(([name]) => keep.has(name));
  return kept.length === 0 ? null : kept;
}

export interface ParamsBuilder extends XmlHandler {
  /** `{ [rootName]: value }`; throws 'malformed' if the document never completed a root element. */
  result(): Params;
}

/**
 * Turns tokenizer events into Params (ActiveSupport `Hash.from_xml` rules), enforcing depth and element limits
 * as each start tag arrives so a hostile document is refused before anything large is built. Attributes
 * other than `type` and `nil` are dropped, as Rails drops them, unless named in `keep`.
 */
export function paramsBuilder(maxDepth: number, maxElements: number, keep: ReadonlySet<string> = new Set()): ParamsBuilder {
  const stack: Frame[] = [];
  let elements = 0;
  let root: Params | null = null;

  return {
    startElement(name, attrs) {
      if (root !== null) throw malformed('more than one root element');
      if (stack.length + 1 > maxDepth) throw new CodecError('too_deep', `nesting deeper than ${maxDepth}`);
      if (++elements > maxElements) throw new CodecError('too_many_elements', `more than ${maxElements} elements`);
      stack.push({
        name,
        nil: attrs.get('nil') === 'true',
        array: attrs.get('type') === 'array',
        children: null,
        text: '',
        hasText: false,
        kept: keep.size === 0 ? null : keptAttributes(attrs, keep),
      });
    },
    endElement(name) {
      const frame = stack.pop();
      if (frame === undefined || frame.name !== name) throw malformed(`unexpected </${name}>`);
      const value = frameValue(frame);
      const parent = stack.at(-1);
      if (parent === undefined) {
        root = newParams();
        setParam(root, name, value);
      } else {
        (parent.children ??= []).push([name, value]);
      }
    },
    text(raw) {
      const frame = stack.at(-1);
      if (frame === undefined) {
        if (!WHITESPACE_ONLY.test(raw)) throw malformed('text outside the root element');
        return;
      }
      frame.text += decodeEntities(raw);
      frame.hasText = true;
    },
    cdata(value) {
      const frame = stack.at(-1);
      if (frame === undefined) throw malformed('CDATA outside the root element');
      frame.text += value;
      frame.hasText = true;
    },
    result() {
      if (root === null || stack.length > 0) throw malformed('missing or unclosed root element');
      return root;
    },
  };
}
