import { XMLValidator } from 'fast-xml-parser';
import { CodecError } from './codec-error';
import { checkSize, resolveLimits, type ParseLimits } from './limits';
import type { Params } from './params';
import { paramsBuilder } from './params-builder';
import { hasIllegalXmlChar } from './xml-chars';
import { tokenizeXml } from './xml-tokenizer';

// Any DTD is refused outright, wherever it appears: no entity can be declared, so none can be expanded.
const DTD_MARKUP = /<!(DOCTYPE|ENTITY)/i;
const LEADING = /^\uFEFF?[ \t\r\n]*/;

/** How a document is read beyond Rails' rules. */
export interface ParseOptions {
  /**
   * Attributes to keep besides `type` and `nil` (which Rails' rules read and every other attribute
   * is dropped): an element carrying one reads as a hash of each under `@name` and its children,
   * or its text (null when empty) under `#text`. `nil="true"` and `type="array"` still win.
   * `<x_mass value_text="10 g">10.0</x_mass>` with `['value_text']`: `{ '@value_text': '10 g', '#text': '10.0' }`.
   */
  readonly attributes?: readonly string[];
}

/**
 * Parses an XML request body into `{ [rootName]: value }` following Rails' XML params rules:
 * leaf text verbatim, empty or nil="true" → null, type="array" and repeated siblings → arrays.
 */
export function parseXml(text: string, limits?: ParseLimits, options?: ParseOptions): Params {
  const { maxBytes, maxDepth, maxElements } = resolveLimits(limits);
  checkSize(text, maxBytes);
  let doc = text.replace(LEADING, '');
  if (doc === '') throw new CodecError('malformed', 'empty document');
  if (DTD_MARKUP.test(doc)) throw new CodecError('doctype', 'DOCTYPE and ENTITY declarations are not accepted');
  if (hasIllegalXmlChar(doc)) throw new CodecError('malformed', 'character not allowed in XML');
  // XML 1.0 §2.11 line-end normalisation.
  if (doc.includes('\r')) doc = doc.replace(/\r\n?/g, '\n');

  // The bounded, strict pass runs first so depth and size attacks are refused cheaply;
  // the library validator is a second, independent well-formedness check.
  const builder = paramsBuilder(maxDepth, maxElements, new Set(options?.attributes));
  tokenizeXml(doc, builder);
  const result = builder.result();
  const verdict = XMLValidator.validate(doc);
  if (verdict !== true) throw new CodecError('malformed', verdict.err.msg);
  return result;
}
