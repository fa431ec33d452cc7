import { scalar, type Field, type Scalar, type Shape } from './shape.test-helper';

/** A JSON Schema object of the description, loosely typed: the check reads what it needs. */
export type Schema = { readonly [key: string]: unknown };

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The custom attributes' pattern (`^x_`), the one the client types as `x_${string}`. */
export const CUSTOM_PATTERN = '^x_';
/** An event payload's fields, named by column (`^[a-z][a-z0-9_]*$`), the client types as `Record<string, …>`. */
export const FIELD_PATTERN = '^[a-z][a-z0-9_]*$';

/**
 * The shape an OpenAPI schema of the description declares, in the client's terms: a list element
 * (`{ type: "array" }` as an attribute beside its repeated item) or unwrapped repeated elements are
 * an array of the item; attributes are not fields; integers are numbers.
 */
export function describedShape(schema: unknown, document: Schema): Shape {
  const resolved = resolve(schema, document);
  if (resolved.oneOf !== undefined || resolved.anyOf !== undefined) throw new Error('a choice of schemas, which the check does not read');
  const types = typesOf(resolved);
  if (types.includes('array')) return { kind: 'array', item: describedShape(resolved.items, document) };
  if (types.includes('object') || isSchema(resolved.properties)) return objectShape(resolved, document);
  const scalars = types.filter((type): type is Scalar | 'integer' => type !== 'null').map((type) => (type === 'integer' ? 'number' : type));
  return scalars.length === 0 ? { kind: 'null' } : scalar(scalars as Scalar[]);
}

function resolve(schema: unknown, document: Schema): Schema {
  if (!isSchema(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const found = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (isSchema(at) ? at[key] : undefined), document);
  return resolve(found, document);
}

function typesOf(schema: Schema): string[] {
  const type = schema.type;
  return typeof type === 'string' ? [type] : Array.isArray(type) ? (type as string[]) : [];
}

const isAttribute = (schema: unknown) => isSchema(schema) && isSchema(schema.xml) && schema.xml.attribute === true;

function objectShape(schema: Schema, document: Schema): Shape {
  const properties = Object.entries(isSchema(schema.properties) ? schema.properties : {});
  // A list element: `type="array"` as an attribute, and its items as one repeated child.
  const elements = properties.filter(([, property]) => !isAttribute(property));
  const attributes = properties.filter(([, property]) => isAttribute(property));
  if (attributes.some(([name]) => name === 'type') && elements.length === 1) return describedShape(elements[0]![1], document);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields: Record<string, Field> = {};
  for (const [name, property] of elements) fields[name] = { shape: describedShape(property, document), required: required.has(name) };
  const patterns = isSchema(schema.patternProperties) ? schema.patternProperties : {};
  const unknown = Object.keys(patterns).filter((pattern) => pattern !== CUSTOM_PATTERN && pattern !== FIELD_PATTERN);
  if (unknown.length > 0) throw new Error(`patterns the check does not know: ${unknown.join(', ')}`);
  const pattern = patterns[CUSTOM_PATTERN] ?? patterns[FIELD_PATTERN];
  return { kind: 'object', fields, pattern: pattern === undefined ? null : describedShape(pattern, document) };
}
