import type { XmlNode } from '@pips/xml';
import type { Field, Form, ValueSchema } from '@pips/xml/forms';

/** A JSON Schema object as OpenAPI 3.1 takes it. */
export type Schema = { [keyword: string]: unknown };

type AnyField = Field<never, never>;
type AnyForm = Form<never, never>;

/** The `type="array"` attribute every list element carries (DESIGN 3). */
const arrayAttribute: Schema = { type: 'string', const: 'array', xml: { attribute: true } };

/** A value an empty element may stand for: null (DESIGN 3). */
function nullable(schema: ValueSchema): Schema {
  const type = schema.type;
  return typeof type === 'string' ? { ...schema, type: [type, 'null'] } : { ...schema };
}

/**
 * `<name type="array">` holding `<item>` elements: an object whose attribute `type` is `array`
 * and whose repeated children are the items. OpenAPI's `xml.wrapped` cannot carry the wrapper's
 * attribute, so the wrapper is described as the element it is.
 */
export function typedArray(name: string, item: string, items: Schema): Schema {
  return {
    type: 'object',
    xml: { name },
    properties: { type: arrayAttribute, [item]: { type: 'array', xml: { name: item, wrapped: false }, items: { ...items, xml: { name: item } } } },
    required: ['type'],
  };
}

/** The schema of what a fixed node writes as the element `name`. */
function nodeSchema(name: string, node: XmlNode): Schema {
  if (node === null || typeof node === 'string') return { type: 'string' };
  switch (node.kind) {
    case 'fields': {
      const properties: Schema = {};
      for (const [child, value] of node.entries) properties[child] = nodeSchema(child, value);
      return { type: 'object', properties, required: Object.keys(properties) };
    }
    case 'list':
      return typedArray(name, node.itemName, node.items[0] === undefined ? { type: 'string' } : nodeSchema(node.itemName, node.items[0]));
    case 'text':
      return { type: 'object', properties: Object.fromEntries(node.attributes.map(([name]) => [name, { type: 'string', xml: { attribute: true } }])) };
  }
}

interface Walked {
  properties: Schema;
  required: string[];
  patternProperties: Schema;
}

/** Adds a form's fields to `into`, in the order the form writes them; fields under `when` are optional. */
function walk(fields: ReadonlyArray<AnyField>, into: Walked, optional: boolean): void {
  const add = (name: string, schema: Schema, always = !optional) => {
    into.properties[name] = schema;
    if (always) into.required.push(name);
  };
  for (const field of fields) {
    switch (field.kind) {
      case 'text':
        add(field.name, { type: 'string' });
        break;
      case 'verbatim':
        add(field.name, nullable(field.schema));
        break;
      case 'nested':
        add(field.name, { ...formSchema(field.form as AnyForm), type: ['object', 'null'] });
        break;
      case 'array':
        add(field.name, typedArray(field.name, field.itemName, formSchema(field.form as AnyForm)));
        break;
      case 'each':
        add(field.name, { type: 'array', xml: { name: field.name, wrapped: false }, items: { ...formSchema(field.form as AnyForm), xml: { name: field.name } } }, false);
        break;
      case 'when':
        walk(field.fields as ReadonlyArray<AnyField>, into, true);
        break;
      case 'fixed':
        add(field.name, nodeSchema(field.name, field.node));
        break;
      case 'named':
        into.patternProperties[field.children.pattern] = field.children.schema;
        break;
    }
  }
}

/**
 * The schema of the elements a form writes, walked from its declaration: each field an element in
 * the order written (the properties keep it), `verbatim` ones typed by what they write, nested
 * forms, typed arrays and repeated children as they appear on the wire.
 */
export function formSchema(form: AnyForm): Schema {
  const walked: Walked = { properties: {}, required: [], patternProperties: {} };
  walk(form.fields as ReadonlyArray<AnyField>, walked, false);
  return {
    type: 'object',
    properties: walked.properties,
    ...(walked.required.length > 0 && { required: walked.required }),
    ...(Object.keys(walked.patternProperties).length > 0 && { patternProperties: walked.patternProperties }),
  };
}
