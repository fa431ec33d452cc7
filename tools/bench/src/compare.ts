/** What one server answered to one target, as the comparison reads it. */
export interface Answer {
  status: number;
  body: string;
  /** The `X-Pagination` header, or null without one. */
  pagination: string | null;
}

/** Where two texts first differ: the line number and both lines, shortened. */
export function firstDifference(expected: string, actual: string): string | null {
  if (expected === actual) return null;
  const a = expected.split('\n');
  const b = actual.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  const show = (text: string | undefined) => (text === undefined ? '(no line)' : JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text));
  return `line ${at + 1}: PIPS ${show(a[at])}, floor ${show(b[at])}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A created record's answer with what differs between two creates masked: every `<id>`, every
 * timestamp (TS-ISO and TS-SPACE) and the name it was created with.
 */
export function maskCreated(body: string, name: string): string {
  return body
    .replace(new RegExp(escapeRegExp(escapeXml(name)), 'g'), '{name}')
    .replace(/<id>\d+<\/id>/g, '<id>{id}</id>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d/g, '{time}')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}/g, '{time}');
}

/**
 * Null when the floor answered `target` as PIPS did (status, body, and the X-Pagination header),
 * else a message naming the target and the first difference.
 */
export function compareAnswers(target: string, pips: Answer, floor: Answer): string | null {
  if (pips.status !== floor.status) return `${target}: PIPS answered ${pips.status}, the floor ${floor.status}`;
  const body = firstDifference(pips.body, floor.body);
  if (body) return `${target}: the floor's document differs from PIPS's at ${body}`;
  if (pips.pagination !== floor.pagination) {
    return `${target}: X-Pagination differs: PIPS ${String(pips.pagination)}, floor ${String(floor.pagination)}`;
  }
  return null;
}
