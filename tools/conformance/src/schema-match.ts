import type { XmlOutline } from './outline';

/** A JSON Schema object from the OpenAPI description. */
export type Schema = { readonly [keyword: string]: unknown };

/** Follows `#/components/…` references within `document`. */
export function resolver(document: Schema): (schema: Schema) => Schema {
  const resolve = (schema: Schema): Schema => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const found = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
    if (!found) throw new Error(`no schema at ${ref}`);
    return resolve(found as Schema);
  };
  return resolve;
}

const types = (schema: Schema): string[] => (Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : []);

const SCALAR: Readonly<Record<string, RegExp>> = { integer: /^-?[0-9]+$/, boolean: /^(true|false)$/ };

/** What is wrong with a leaf's text for a scalar schema; empty text stands for null (DESIGN 3). */
function scalarProblems(element: XmlOutline, schema: Schema, at: string): string[] {
  if (element.children.length > 0) return [`${at}: children where text was described`];
  const allowed = types(schema);
  if (element.text === '') return allowed.includes('null') || allowed.includes('string') ? [] : [`${at}: empty where ${allowed.join('|')} was described`];
  const scalar = allowed.find((type) => type !== 'null');
  const format = scalar ? SCALAR[scalar] : undefined;
  if (format && !format.test(element.text)) return [`${at}: ${JSON.stringify(element.text)} is no ${scalar}`];
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(element.text)) return [`${at}: ${JSON.stringify(element.text)} does not match ${schema.pattern}`];
  if (schema.const !== undefined && element.text !== schema.const) return [`${at}: ${JSON.stringify(element.text)} is not ${JSON.stringify(schema.const)}`];
  return [];
}

/** The element name a property's children carry: an unwrapped array's items are named by their `xml.name`. */
function childName(key: string, property: Schema, resolve: (schema: Schema) => Schema): string {
  if (types(property).includes('array')) return ((resolve(property.items as Schema).xml as Schema | undefined)?.name as string | undefined) ?? key;
  return ((property.xml as Schema | undefined)?.name as string | undefined) ?? key;
}

function objectProblems(element: XmlOutline, schema: Schema, at: string, resolve: (schema: Schema) => Schema): string[] {
  const problems: string[] = [];
  const properties = Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {});
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const isAttribute = (property: Schema) => (property.xml as Schema | undefined)?.attribute === true;
  for (const [key, property] of properties.filter(([, p]) => isAttribute(p))) {
    const value = element.attributes[key];
    if (value === undefined) {
      if (required.has(key)) problems.push(`${at}: attribute ${key} missing`);
    } else if (property.const !== undefined && value !== property.const) problems.push(`${at}: attribute ${key}="${value}"`);
  }
  // An element with no children is an empty (null) object where the schema allows it.
  if (element.children.length === 0 && element.text === '' && types(schema).includes('null')) return problems;
  const expected = properties.filter(([, p]) => !isAttribute(p)).map(([key, p]) => ({ key, property: resolve(p), name: childName(key, resolve(p), resolve) }));
  const patterns = Object.entries((schema.patternProperties as Record<string, Schema> | undefined) ?? {});
  let next = 0;
  for (const [index, child] of element.children.entries()) {
    const here = `${at}/${child.name}[${index}]`;
    const previous = expected[next - 1];
    if (previous && types(previous.property).includes('array') && previous.name === child.name) {
      problems.push(...schemaProblems(child, previous.property.items as Schema, here, resolve));
      continue;
    }
    let found = -1;
    for (let i = next; i < expected.length; i++) {
      if (expected[i]!.name === child.name) {
        found = i;
        break;
      }
      if (required.has(expected[i]!.key)) break;
    }
    if (found === -1) {
      const pattern = patterns.find(([regex]) => new RegExp(regex).test(child.name));
      if (pattern) problems.push(...schemaProblems(child, pattern[1], here, resolve));
      else problems.push(`${here}: not described here (expected ${expected[next]?.name ?? 'nothing more'})`);
      continue;
    }
    for (const skipped of expected.slice(next, found)) if (required.has(skipped.key)) problems.push(`${at}: ${skipped.name} missing before ${child.name}`);
    next = found + 1;
    const { property } = expected[found]!;
    problems.push(...schemaProblems(child, types(property).includes('array') ? (property.items as Schema) : property, here, resolve));
  }
  for (const rest of expected.slice(next)) if (required.has(rest.key)) problems.push(`${at}: ${rest.name} missing`);
  return problems;
}

/** The schemas a choice (`anyOf`, `oneOf`) offers, any one of which the answer may match; undefined for no choice. */
function choices(schema: Schema): Schema[] | undefined {
  const options = schema.anyOf ?? schema.oneOf;
  return Array.isArray(options) ? (options as Schema[]) : undefined;
}

/**
 * What is wrong with `element` as `schema` describes it: element names, their order, repeated
 * children, `type="array"` attributes and scalar values. No problems: the answer is as documented.
 */
export function schemaProblems(element: XmlOutline, schema: Schema, at: string, resolve: (schema: Schema) => Schema): string[] {
  const described = resolve(schema);
  const options = choices(described);
  if (options) {
    const tried = options.map((option) => schemaProblems(element, option, at, resolve));
    return tried.some((problems) => problems.length === 0) ? [] : tried.flat();
  }
  if (types(described).includes('object')) return objectProblems(element, described, at, resolve);
  return scalarProblems(element, described, at);
}

/** Problems of a whole answer: its root element's name, then its content. */
export function documentProblems(root: XmlOutline, schema: Schema, resolve: (schema: Schema) => Schema): string[] {
  const described = resolve(schema);
  const options = choices(described);
  if (options) {
    const tried = options.map((option) => documentProblems(root, option, resolve));
    return tried.some((problems) => problems.length === 0) ? [] : tried.flat();
  }
  const name = (described.xml as Schema | undefined)?.name ?? (schema.xml as Schema | undefined)?.name;
  if (name !== undefined && root.name !== name) return [`root is <${root.name}>, described <${String(name)}>`];
  return schemaProblems(root, described, `/${root.name}`, resolve);
}
