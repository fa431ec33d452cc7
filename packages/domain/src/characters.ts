/**
 * True when `text` holds more than `max` characters. A character is a code point, as PostgreSQL
 * counts them for varchar(n): an emoji is one character, though UTF-16 spends two units on it.
 */
export function longerThan(text: string, max: number): boolean {
  // A string never holds more code points than UTF-16 units, so most text is settled here.
  if (text.length <= max) return false;
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}
