import type { FieldSpec } from '@pips/domain';
import { typedArray, type Schema } from './form-schema';
import type { BodyShape, RequestBody } from './operation';

/** What a field spec reads (DESIGN 3: integers strict, booleans `true`/`false`/`1`/`0`, decimals exact). */
function fieldSchema(spec: FieldSpec): Schema {
  const bound = spec.min && `${spec.min.exclusive ? 'Greater than' : 'At least'} ${spec.min.value}.`;
  const base: Schema = (() => {
    switch (spec.type) {
      case 'int':
        return { type: 'integer' };
      case 'bool':
        return { type: 'boolean', description: '`true`, `false`, `1` or `0`.' };
      case 'decimal':
        return { type: 'string', format: 'decimal', description: ['An exact decimal.', bound].filter(Boolean).join(' ') };
      case 'string':
      case 'text':
        return { type: 'string' };
    }
  })();
  return spec.default === undefined || spec.default === null ? base : { ...base, default: spec.default };
}

interface Flat {
  properties: Schema;
  required: string[];
  patternProperties: Schema;
}

/** The XML body's element `shape` describes. */
function shapeSchema(shape: BodyShape): Schema {
  const properties: Schema = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(shape.fields ?? {})) {
    if (!spec) continue;
    properties[name] = fieldSchema(spec);
    if (shape.mode === 'create' && spec.required) required.push(name);
  }
  for (const [name, schema] of Object.entries(shape.extra ?? {})) properties[name] = { ...(properties[name] as Schema | undefined), ...schema };
  for (const [name, nested] of Object.entries(shape.nested ?? {})) properties[name] = shapeSchema(nested);
  for (const [name, list] of Object.entries(shape.lists ?? {})) {
    // A list is read with or without `type="array"` (DESIGN 3), so the attribute is not required, and its wrapper may repeat (docs/decisions.md, "XML and parameters").
    const { required: _attribute, ...wrapper } = typedArray(name, list.item, shapeSchema(list.shape));
    const description = `A list of \`${list.item}\` elements, with or without \`type="array"\`; sent in more than one \`${name}\`, one list of all their items (a repeat of the whole list counts once).`;
    properties[name] = { ...wrapper, description };
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 && { required }),
    ...(shape.named && { patternProperties: { [shape.named.pattern]: shape.named.schema } }),
  };
}

/** A body's XML schema: its root element and fields. */
export function xmlBodySchema(body: RequestBody): Schema {
  return { ...shapeSchema(body.shape), xml: { name: body.root } };
}

const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** The same fields as Rails bracket keys (`part[revision][revision_name]`, `part[alternate_parts][][part_id]`). */
function flatten(shape: BodyShape, prefix: string, into: Flat, requiredHere: boolean): void {
  const xml = shapeSchema(shape);
  const required = new Set((xml.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries(xml.properties as Schema)) {
    const key = `${prefix}[${name}]`;
    const nested = shape.nested?.[name];
    const list = shape.lists?.[name];
    if (nested) flatten(nested, key, into, false);
    else if (list) flatten(list.shape, `${key}[]`, into, false);
    else {
      into.properties[key] = schema;
      if (requiredHere && required.has(name)) into.required.push(key);
    }
  }
  if (shape.named) {
    const pattern = shape.named.pattern.replace(/^\^/, '');
    into.patternProperties[`^${escapeRegex(prefix)}\\[${pattern}[^\\]]*\\]$`] = shape.named.schema;
  }
}

/** A form-encoded body (`application/x-www-form-urlencoded`): the XML body's fields as bracket keys. */
export function formBodySchema(body: RequestBody): Schema {
  const flat: Flat = { properties: {}, required: [], patternProperties: {} };
  flatten(body.shape, body.root, flat, true);
  return {
    type: 'object',
    properties: flat.properties,
    ...(flat.required.length > 0 && { required: flat.required }),
    ...(Object.keys(flat.patternProperties).length > 0 && { patternProperties: flat.patternProperties }),
  };
}

/**
 * A body's example as form-encoded bracket keys, the same fields as its XML example. A list shows
 * its one item under `[]` (`location[inventory_sublocations][][name]`): keys cannot repeat in a
 * JSON object, so an example with more items has no form to show.
 */
export function formExample(body: RequestBody, example: Schema): Schema {
  const into: Schema = {};
  const walk = (shape: BodyShape, value: Schema, prefix: string) => {
    for (const [name, field] of Object.entries(value)) {
      const key = `${prefix}[${name}]`;
      const nested = shape.nested?.[name];
      const list = shape.lists?.[name];
      if (nested) walk(nested, field as Schema, key);
      else if (list) {
        const items = (field as Schema)[list.item] as Schema[];
        if (items.length !== 1) throw new Error(`the example of ${key} has ${items.length} items; a form example shows one`);
        walk(list.shape, items[0]!, `${key}[]`);
      } else into[key] = field;
    }
  };
  walk(body.shape, example, body.root);
  return into;
}
