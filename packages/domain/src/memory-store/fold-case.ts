const BEYOND_ASCII = /[\u0080-\uffff]/;

/**
 * Text lowercased as PostgreSQL's `lower()` (and so ILIKE) does it on a UTF-8 database: one code
 * point at a time, each to one code point. JavaScript's `toLowerCase` of a whole string differs in
 * two ways this undoes: it looks at context (a final `Σ` becomes `ς`, PostgreSQL gives `σ`), and
 * it may answer several code points (`İ` becomes `i` and a combining dot, PostgreSQL gives `i`,
 * the first of them). Neither lowers `ß` to `ss`: both leave it, and lower `ẞ` to `ß`. A letter
 * whose mapping the database's C library and JavaScript's Unicode version disagree on (one newer
 * than the other) still differs; the contract tests keep to letters both know.
 */
export function foldCase(text: string): string {
  // ASCII lowers the same either way, and a search reads every row: spare it the loop.
  if (!BEYOND_ASCII.test(text)) return text.toLowerCase();
  let folded = '';
  for (const char of text) folded += String.fromCodePoint(char.toLowerCase().codePointAt(0)!);
  return folded;
}
