// RFC 9110 section 8.3.1: type "/" subtype, then `; name=value` parameters (a token or a quoted
// string). ASCII only: the value is sent back as a Content-Type header, which carries nothing else.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"';
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*$`);
const ESSENCE = new RegExp(`^${TOKEN}/${TOKEN}$`);

/** True when `text` is a media type a download may be labelled with (`application/pdf`, `text/plain; charset=utf-8`). */
export function isMediaType(text: string): boolean {
  return MEDIA_TYPE.test(text);
}

/**
 * A media type's essence (`text/html` of `Text/HTML; charset=utf-8`), or null when it is not one:
 * lenient about parameters, since a type stored before `isMediaType` was asked is still served.
 */
export function mediaTypeEssence(contentType: string): string | null {
  const essence = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return ESSENCE.test(essence) ? essence : null;
}
