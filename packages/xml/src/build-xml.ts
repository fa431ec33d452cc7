import { escapeAttribute, escapeText } from './escape-text';
import { assertOutputName } from './xml-name';
import type { XmlNode, XmlText } from './xml-node';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const INDENT = '  ';
const INDENTS = Array.from({ length: 32 }, (_, depth) => INDENT.repeat(depth));

/** Two spaces a level; the common depths are made once. */
export function indent(depth: number): string {
  return INDENTS[depth] ?? INDENT.repeat(depth);
}

function attributesOf(node: XmlText): string {
  return node.attributes
    .map(([attribute, value], index) => {
      assertOutputName(attribute);
      // A repeated attribute makes the document unreadable: refuse it as a bad name is refused.
      if (node.attributes.findIndex(([name]) => name === attribute) !== index) {
        throw new Error(`repeated XML attribute: ${JSON.stringify(attribute)}`);
      }
      return ` ${attribute}="${escapeAttribute(value)}"`;
    })
    .join('');
}

/** A text element (`name` already checked): empty text or null self-closes; attributes in order. */
export function textElement(pad: string, name: string, node: string | null | XmlText): string {
  if (node === null || typeof node === 'string') {
    return node === null || node === '' ? `${pad}<${name}/>\n` : `${pad}<${name}>${escapeText(node)}</${name}>\n`;
  }
  const open = `${pad}<${name}${attributesOf(node)}`;
  return node.text === null || node.text === '' ? `${open}/>\n` : `${open}>${escapeText(node.text)}</${name}>\n`;
}

function render(name: string, node: XmlNode, depth: number, out: string[]): void {
  assertOutputName(name);
  const pad = indent(depth);
  if (node === null || typeof node === 'string' || node.kind === 'text') {
    out.push(textElement(pad, name, node));
  } else if (node.kind === 'list') {
    if (node.items.length === 0) {
      out.push(`${pad}<${name} type="array"/>\n`);
      return;
    }
    out.push(`${pad}<${name} type="array">\n`);
    for (const item of node.items) render(node.itemName, item, depth + 1, out);
    out.push(`${pad}</${name}>\n`);
  } else {
    // Like Rails' to_xml of an empty hash, but self-closed so it reads back as nil rather than "\n".
    if (node.entries.length === 0) {
      out.push(`${pad}<${name}/>\n`);
      return;
    }
    out.push(`${pad}<${name}>\n`);
    for (const [childName, child] of node.entries) render(childName, child, depth + 1, out);
    out.push(`${pad}</${name}>\n`);
  }
}

/**
 * One element, newline-terminated, indented `depth` levels (two spaces each).
 * Streaming a list as `<name type="array">\n` + buildElement(item, node, 1)… + `</name>\n`
 * yields exactly the bytes buildXml would.
 */
export function buildElement(name: string, node: XmlNode, depth = 0): string {
  const out: string[] = [];
  render(name, node, depth, out);
  return out.join('');
}

/** Whole document: declaration + element named `root`, in Rails to_xml layout. */
export function buildXml(root: string, node: XmlNode): string {
  return XML_DECLARATION + buildElement(root, node);
}
