import { PipsError } from '@pips/domain';
import { parseRailsParams, parseXml, type Params } from '@pips/xml';
import { httpMessages } from './http-messages';

const XML_TYPES = new Set(['application/xml', 'text/xml']);
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** `Application/XML; charset=UTF-8` → `application/xml`; '' when there is no Content-Type. */
function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function kindOf(type: string, text: string): 'xml' | 'form' {
  if (XML_TYPES.has(type) || type.endsWith('+xml')) return 'xml';
  if (type === FORM_TYPE) return 'form';
  // Old clients do not always label their bodies, so an unlabelled one is sniffed: `<` means XML.
  if (type === '') return text.trimStart().startsWith('<') ? 'xml' : 'form';
  throw new PipsError('unsupported_media_type', [httpMessages.unsupportedMediaType()]);
}

/**
 * Decodes a request body by its Content-Type header ('' when absent). A blank body is no
 * parameters whatever its type; any other type than XML or a form (JSON, multipart) is a 415.
 */
export function parseBody(text: string, contentType: string, maxBytes: number): Params {
  if (text.trim() === '') return Object.create(null) as Params;
  const limits = { maxBytes };
  return kindOf(mediaType(contentType), text) === 'xml' ? parseXml(text, limits) : parseRailsParams(text.trim(), limits);
}
