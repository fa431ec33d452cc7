/**
 * What the types-against-OpenAPI check compares: the structure a TypeScript type declares and the
 * structure a schema of the API's description declares, reduced to what both can say. Null is
 * left out of scalars: the wire writes null and an empty string alike (an empty element), so the
 * client's `string | null` and the description's `string` say the same.
 */
export type Scalar = 'boolean' | 'number' | 'string';

export type Shape =
  | { readonly kind: 'scalar'; readonly types: readonly Scalar[] }
  /** Always null (`part_visibility_set.id`): it says nothing to compare. */
  | { readonly kind: 'null' }
  | { readonly kind: 'array'; readonly item: Shape }
  | { readonly kind: 'object'; readonly fields: Readonly<Record<string, Field>>; readonly pattern: Shape | null }
  /** No body at all. */
  | { readonly kind: 'none' };

export interface Field {
  readonly shape: Shape;
  readonly required: boolean;
}

export const scalar = (types: Iterable<Scalar>): Shape => ({ kind: 'scalar', types: [...new Set(types)].sort() });

/** How the client's side is held to the description's: a result exactly, an input as a part of it. */
export type Direction = 'result' | 'input';

/** A difference the check knows of and accepts, with why: by `function: path`. */
export type Allowances = Readonly<Record<string, string>>;

/**
 * Where `client` and `described` differ, as lines naming the path (`result.revision.value`).
 * A result must have exactly the described fields, each required as described; an input may
 * leave fields out but must name no field the description lacks, and must require every field
 * the description requires. Scalars must be of the same types (an input's of some of them).
 */
export function differences(client: Shape, described: Shape, direction: Direction, at: string, allowed: (path: string) => boolean): string[] {
  if (allowed(at)) return [];
  if (client.kind === 'null') return [];
  if (client.kind !== described.kind) return [`${at}: the client has ${client.kind}, the description ${described.kind}`];
  switch (client.kind) {
    case 'none':
      return [];
    case 'scalar': {
      const types = (described as typeof client).types;
      const same = direction === 'result' ? client.types.join() === types.join() : client.types.every((type) => types.includes(type));
      return same ? [] : [`${at}: the client has ${client.types.join(' | ')}, the description ${types.join(' | ')}`];
    }
    case 'array':
      return differences(client.item, (described as typeof client).item, direction, `${at}[]`, allowed);
    case 'object':
      return objectDifferences(client, described as typeof client, direction, at, allowed);
  }
}

/**
 * The client's `value_texts` beside the custom attributes: the `value_text` attribute of those
 * `x_` fields that carry one (the description's `^x_` pattern says they do), by name.
 */
const VALUE_TEXTS = 'value_texts';
const valueTexts: Shape = { kind: 'object', fields: {}, pattern: scalar(['string']) };

function objectDifferences(client: Extract<Shape, { kind: 'object' }>, described: Extract<Shape, { kind: 'object' }>, direction: Direction, at: string, allowed: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const [name, field] of Object.entries(client.fields)) {
    const path = `${at}.${name}`;
    const other = described.fields[name];
    if (!other && name === VALUE_TEXTS && direction === 'result' && described.pattern) {
      out.push(...differences(field.shape, valueTexts, direction, path, allowed));
      continue;
    }
    if (!other) {
      if (!allowed(path)) out.push(`${path}: the client has it, the description does not`);
      continue;
    }
    // Repeated elements may be absent from the wire; the client gives an empty list then.
    const alwaysAList = field.required && !other.required && other.shape.kind === 'array';
    if (direction === 'result' && field.required !== other.required && !alwaysAList && !allowed(`${path}?`)) {
      out.push(`${path}: the client has it ${field.required ? 'always' : 'at times'}, the description ${other.required ? 'always' : 'at times'}`);
    }
    if (direction === 'input' && other.required && !field.required) out.push(`${path}: the description requires it, the client does not`);
    out.push(...differences(field.shape, other.shape, direction, path, allowed));
  }
  for (const [name, other] of Object.entries(described.fields)) {
    if (Object.hasOwn(client.fields, name)) continue;
    if (direction === 'result' || other.required) out.push(`${at}.${name}: the description has it, the client does not`);
  }
  if (client.pattern && !described.pattern) out.push(`${at}: the client takes x_ fields, the description does not`);
  if (direction === 'result' && described.pattern && !client.pattern) out.push(`${at}: the description has x_ fields, the client does not`);
  if (client.pattern && described.pattern) out.push(...differences(client.pattern, described.pattern, direction, `${at}.x_*`, allowed));
  return out;
}
