/**
 * The element structure of a response, in document order, with attributes: what `parseXml`
 * (Rails params rules) folds away. Used for field order, repeated children and `type="array"`.
 * Values are read through `parseXml`; this scanner only knows names, attributes and nesting.
 */
export interface XmlOutline {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlOutline[];
  /** A leaf's text as written (entities not decoded); empty for an element with children. */
  readonly text: string;
}

interface Building {
  name: string;
  attributes: Record<string, string>;
  children: XmlOutline[];
  text: string;
  /** Where its content starts in the document. */
  start: number;
}

const TOKEN = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function outline(text: string): XmlOutline {
  const stack: Building[] = [];
  let root: XmlOutline | null = null;
  for (const match of text.matchAll(TOKEN)) {
    const [, closing, name, rawAttributes, selfClosing] = match;
    if (name === undefined) continue; // declaration, comment, CDATA
    if (closing) {
      const done = stack.pop();
      if (!done || done.name !== name) throw new Error(`outline: unexpected </${name}>`);
      if (done.children.length === 0) done.text = text.slice(done.start, match.index);
      const parent = stack.at(-1);
      if (parent) parent.children.push(done);
      else root = done;
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of (rawAttributes ?? '').matchAll(ATTRIBUTE)) attributes[a[1] as string] = a[2] ?? a[3] ?? '';
    const element: Building = { name, attributes, children: [], text: '', start: (match.index ?? 0) + match[0].length };
    if (selfClosing) {
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else root = element;
    } else {
      stack.push(element);
    }
  }
  if (!root || stack.length > 0) throw new Error('outline: no complete root element');
  return root;
}

export function childNames(element: XmlOutline): string[] {
  return element.children.map((c) => c.name);
}
