import MarkdownIt from 'markdown-it';

/**
 * docs/guide.md as steps (see its first lines and docs/decisions.md, "Guide"): every `sh` block
 * is a command, run in order; the block right after it, when there is one, is what the command
 * prints. A command with no answer block prints nothing. Every other block must be an answer:
 * a block cut loose from its command by an edit would otherwise stop being checked unseen.
 */
export interface GuideStep {
  /** The block's text, exactly as a reader copies it. */
  readonly command: string;
  /** What it prints, as shown; '' when the guide shows no answer. */
  readonly answer: string;
  /** The 1-based line of the command block in the guide. */
  readonly line: number;
}

/** The command the test runs in the background, as a reader runs it in a second terminal. */
export const SERVER_COMMAND = 'npm start';

export function guideSteps(markdown: string): GuideStep[] {
  const tokens = new MarkdownIt().parse(markdown, {});
  const steps: GuideStep[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.type !== 'fence') continue;
    const line = (token.map?.[0] ?? 0) + 1;
    if (language(token.info) !== 'sh') throw new Error(`docs/guide.md:${line}: a \`${token.info}\` block that follows no \`sh\` block`);
    const next = tokens[i + 1];
    const answered = next?.type === 'fence' && language(next.info) !== 'sh';
    steps.push({ command: token.content, answer: answered ? next.content : '', line });
    if (answered) i += 1;
  }
  return steps;
}

const language = (info: string) => info.trim().split(/\s+/)[0] ?? '';

/**
 * What may differ between a run and the guide, each replaced by one placeholder: times (the
 * wire's two forms, ISO 8601 with fractions, HTTP dates), request ids, and a download link's
 * expiry, signature and the seconds it has left (`max-age`). Ids, counts, money, md5s and every other byte are compared as shown: a
 * fresh server numbers each kind of record from 1, and the commands name those ids.
 */
const MASKS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g, '<time>'],
  [/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}/g, '<time>'],
  [/(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT/g, '<time>'],
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>'],
  [/([?&;]expires=)\d+/g, '$1<expires>'],
  [/([?&;]signature=)[A-Za-z0-9_-]+/g, '$1<signature>'],
  [/(max-age=)\d+/g, '$1<seconds>'],
];

/** The address the guide shows the server on: `PIPS=http://127.0.0.1:3000`. */
export const GUIDE_ORIGIN = 'http://127.0.0.1:3000';

/**
 * What a command printed as the guide would show it: line ends as LF (an HTTP head ends its
 * lines with CRLF), no trailing newlines, and the server's real origin written as the guide's.
 */
export function asShown(printed: string, origin: string = GUIDE_ORIGIN): string {
  return printed.replace(/\r\n/g, '\n').replace(/\n+$/, '').split(origin).join(GUIDE_ORIGIN);
}

/** `text` as compared: as shown, with every mask applied. */
export function masked(text: string, origin: string = GUIDE_ORIGIN): string {
  let out = asShown(text, origin);
  for (const [pattern, placeholder] of MASKS) out = out.replace(pattern, placeholder);
  return out;
}
