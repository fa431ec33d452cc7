/** What a response is made of: text, nil, ordered named children, or a typed array. */
export type XmlNode = string | null | XmlFields | XmlList;

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

export function fields(entries: ReadonlyArray<readonly [string, XmlNode]>): XmlFields {
  return { kind: 'fields', entries };
}

export function list(itemName: string, items: ReadonlyArray<XmlNode>): XmlList {
  return { kind: 'list', itemName, items };
}
