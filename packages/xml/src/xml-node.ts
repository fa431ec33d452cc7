/** What a response is made of: text, nil, ordered named children, a typed array, or text with attributes. */
export type XmlNode = string | null | XmlFields | XmlList | XmlText;

export interface XmlFields {
  readonly kind: 'fields';
  /** Rendered in this order; a name may repeat (repeated child elements). */
  readonly entries: ReadonlyArray<readonly [string, XmlNode]>;
}

export interface XmlList {
  readonly kind: 'list';
  readonly itemName: string;
  readonly items: ReadonlyArray<XmlNode>;
}

/** Text (null for none) carrying attributes, in order: `<x_mass value_text="10 g">10.0</x_mass>`. */
export interface XmlText {
  readonly kind: 'text';
  readonly text: string | null;
  readonly attributes: ReadonlyArray<readonly [string, string]>;
}

export function fields(entries: ReadonlyArray<readonly [string, XmlNode]>): XmlFields {
  return { kind: 'fields', entries };
}

export function list(itemName: string, items: ReadonlyArray<XmlNode>): XmlList {
  return { kind: 'list', itemName, items };
}

export function textWithAttributes(text: string | null, attributes: ReadonlyArray<readonly [string, string]>): XmlText {
  return { kind: 'text', text, attributes };
}
