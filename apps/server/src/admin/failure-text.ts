import { isPipsError } from '@pips/domain';
import { isAdminFailure } from './admin-operation';

// Line breaks and the controls a terminal acts on (C0 but tab, DEL, C1, the Unicode line and
// paragraph separators): an operator's text quoted in a message must not break it or move the cursor.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]/g;

/** `text` with its line breaks and controls written as escapes (`\n`, `\u0001`): one line, shown as it is. */
export function oneLine(text: string): string {
  return text.replace(UNPRINTABLE, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** Lines as the CLI prints them: each on one line of its own. */
export const printedLines = (lines: readonly string[]): string => lines.map((line) => `${oneLine(line)}\n`).join('');

/**
 * What the CLI prints for a refusal: each problem on its own line (`error: Title can't be blank`),
 * the domain's messages as the API words them. Null for anything else, which is no refusal but
 * something going wrong, for the caller to report (and log) its own way.
 */
export function refusalText(error: unknown): string | null {
  if (isAdminFailure(error)) return printedLines(error.lines);
  if (isPipsError(error)) return printedLines(error.messages.map((message) => `error: ${message}`));
  return null;
}
