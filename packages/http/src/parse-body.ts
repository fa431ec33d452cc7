import { parseRailsParams, parseXml, type Params } from '@pips/xml';

const XML_TYPES = new Set(['application/xml', 'text/xml']);
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Decodes a request body by its media type (`type` without parameters, lowercase, '' when absent).
 * Old clients do not always label their bodies, so an unknown type is sniffed: `<` means XML.
 */
export function parseBody(text: string, type: string, maxBytes: number): Params {
  if (text.trim() === '') return Object.create(null) as Params;
  const limits = { maxBytes };
  if (XML_TYPES.has(type) || type.endsWith('+xml')) return parseXml(text, limits);
  if (type === FORM_TYPE) return parseRailsParams(text.trim(), limits);
  return text.trimStart().startsWith('<') ? parseXml(text, limits) : parseRailsParams(text.trim(), limits);
}
