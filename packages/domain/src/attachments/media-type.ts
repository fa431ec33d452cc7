// RFC 9110 section 8.3.1: type "/" subtype, then `; name=value` parameters (a token or a quoted
// string). ASCII only: the value is sent back as a Content-Type header, which carries nothing else.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"';
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*$`);

/** True when `text` is a media type a download may be labelled with (`application/pdf`, `text/plain; charset=utf-8`). */
export function isMediaType(text: string): boolean {
  return MEDIA_TYPE.test(text);
}
