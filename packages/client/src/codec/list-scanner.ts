/**
 * Cuts a streamed list document (`<parts type="array"><part>…</part>…</parts>`) into the text of
 * each item as its bytes arrive, so every item is parsed on its own, under the codec's limits,
 * and a whole list of any length is read in flat memory. It only finds where items begin and
 * end: tags, comments, processing instructions and CDATA are told apart; parsing each item is
 * `parseXml`'s. Text between items or outside the root, a DOCTYPE, a root of another name and a
 * document that ends early are refused.
 */
export interface ListScanner {
  /** Takes the next piece of the document and answers the items it completed, in order. */
  feed(text: string): string[];
  /** Says the document is complete; throws if the list did not end. */
  end(): void;
}

export class ListFormatError extends Error {
  override readonly name = 'ListFormatError';
}

type Markup = { kind: 'skip'; end: number } | { kind: 'tag'; end: number; name: string; closing: boolean; selfClosing: boolean };

const SPECIAL = ['<?', '<!--', '<![CDATA['] as const;
const TERMINATOR: Record<(typeof SPECIAL)[number], string> = { '<?': '?>', '<!--': '-->', '<![CDATA[': ']]>' };
const TAG_NAME = /^<\/?([^\s/>]+)/;

/** The `>` closing the tag that opens at `lt`, past quoted attribute values; -1 when not arrived. */
function tagEnd(text: string, lt: number): number {
  let quote: string | null = null;
  for (let i = lt + 1; i < text.length; i++) {
    const char = text[i];
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i;
  }
  return -1;
}

/** The markup starting at `lt`, or null when more text is needed to know where it ends. */
function markupAt(text: string, lt: number): Markup | null {
  const rest = text.length - lt;
  for (const start of SPECIAL) {
    if (text.startsWith(start, lt)) {
      const close = text.indexOf(TERMINATOR[start], lt + start.length);
      return close === -1 ? null : { kind: 'skip', end: close + TERMINATOR[start].length - 1 };
    }
    // A prefix of a special opening: wait for the rest.
    if (rest < start.length && start.startsWith(text.slice(lt))) return null;
  }
  if (text.startsWith('<!', lt)) throw new ListFormatError('a DOCTYPE or other declaration is not accepted');
  const end = tagEnd(text, lt);
  if (end === -1) return null;
  const tag = text.slice(lt, end + 1);
  const name = TAG_NAME.exec(tag)?.[1];
  if (name === undefined) throw new ListFormatError(`unreadable tag ${JSON.stringify(tag.slice(0, 40))}`);
  return { kind: 'tag', end, name, closing: tag[1] === '/', selfClosing: tag.endsWith('/>') };
}

/** A scanner for a list whose root element is `root`; an item longer than `maxItemChars` is refused. */
export function listScanner(root: string, maxItemChars: number): ListScanner {
  let buffer = '';
  let pos = 0;
  /** 0: before the root (or after it); 1: between items; 2 and more: inside an item. */
  let depth = 0;
  let itemStart = -1;
  let ended = false;

  function checkText(from: number, to: number): void {
    if (depth >= 2) return;
    const between = buffer.slice(from, to);
    if (!/^[\s\uFEFF]*$/.test(between)) throw new ListFormatError(`text outside the items of <${root}>`);
  }

  function onTag(markup: Extract<Markup, { kind: 'tag' }>, lt: number, items: string[]): void {
    if (ended) throw new ListFormatError(`markup after the end of <${root}>`);
    if (markup.closing) {
      if (depth === 1) {
        if (markup.name !== root) throw new ListFormatError(`</${markup.name}> closes <${root}>`);
        ended = true;
        depth = 0;
      } else if (depth === 2) {
        items.push(buffer.slice(itemStart, markup.end + 1));
        itemStart = -1;
        depth = 1;
      } else if (depth === 0) throw new ListFormatError(`</${markup.name}> before <${root}>`);
      else depth--;
      return;
    }
    if (depth === 0) {
      if (markup.name !== root) throw new ListFormatError(`expected <${root}>, got <${markup.name}>`);
      if (markup.selfClosing) ended = true;
      else depth = 1;
    } else if (depth === 1) {
      if (markup.selfClosing) items.push(buffer.slice(lt, markup.end + 1));
      else {
        itemStart = lt;
        depth = 2;
      }
    } else if (!markup.selfClosing) depth++;
  }

  /** Drops what is read and no pending item needs, so the buffer holds at most one item. */
  function compact(): void {
    const keep = itemStart === -1 ? pos : itemStart;
    buffer = buffer.slice(keep);
    pos -= keep;
    if (itemStart !== -1) itemStart = 0;
    if (buffer.length > maxItemChars) throw new ListFormatError(`an item of <${root}> is longer than ${maxItemChars} characters`);
  }

  return {
    feed(text) {
      buffer += text;
      const items: string[] = [];
      for (;;) {
        const lt = buffer.indexOf('<', pos);
        if (lt === -1) {
          checkText(pos, buffer.length);
          pos = buffer.length;
          break;
        }
        checkText(pos, lt);
        const markup = markupAt(buffer, lt);
        if (markup === null) {
          pos = lt;
          break;
        }
        if (markup.kind === 'tag') onTag(markup, lt, items);
        pos = markup.end + 1;
      }
      compact();
      return items;
    },
    end() {
      if (!ended) throw new ListFormatError(`the list <${root}> ended early`);
      checkText(pos, buffer.length);
    },
  };
}
