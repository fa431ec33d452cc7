import { assertOutputName } from './xml-name';
import { fields as fieldsNode, list as listNode, type XmlFields, type XmlNode, type XmlText } from './xml-node';

/**
 * A form: the children of an element, declared once. Calling it builds the generic tree
 * (`buildElement(name, form(value, env))`); `compileElement(name, form)` turns the same
 * declaration into a writer of the same bytes. `env` is what the accessors need besides the value
 * (a time format, say); a form that needs nothing is called without it.
 */
export interface Form<T, E = unknown> {
  (value: T, ...env: EnvArgument<E>): XmlFields;
  readonly fields: ReadonlyArray<Field<T, E>>;
}

/** `env` may be left out where the form needs none. */
export type EnvArgument<E> = unknown extends E ? [env?: E] : [env: E];

type Read<T, E, R> = (value: T, env: E) => R;

/**
 * What a `verbatim` field writes, in JSON Schema's words (`{ type: 'integer' }`): read by
 * descriptions of a form (an OpenAPI document), never while writing.
 */
export type ValueSchema = { readonly [keyword: string]: unknown };

/** Children named by the data: the names they may take (a regular expression) and what each holds. */
export interface NamedChildren {
  readonly pattern: string;
  readonly schema: ValueSchema;
}

/** Text or nothing: null, undefined and '' are an empty element. */
export type TextValue = string | null | undefined;

/** What a child named by the data holds: text, or text with attributes (`textWithAttributes`). */
export type NamedValue = TextValue | XmlText;

// Nested forms are stored with their item type erased; the constructors below check it.
type AnyForm<E> = Form<never, E>;

export type Field<T, E> =
  | { readonly kind: 'text'; readonly name: string; readonly read: Read<T, E, TextValue> }
  | { readonly kind: 'verbatim'; readonly name: string; readonly read: Read<T, E, TextValue>; readonly schema: ValueSchema }
  | { readonly kind: 'nested'; readonly name: string; readonly form: AnyForm<E>; readonly read: Read<T, E, unknown> }
  | {
      readonly kind: 'array';
      readonly name: string;
      readonly itemName: string;
      readonly form: AnyForm<E>;
      readonly read: Read<T, E, readonly unknown[]>;
    }
  | { readonly kind: 'each'; readonly name: string; readonly form: AnyForm<E>; readonly read: Read<T, E, readonly unknown[]> }
  | { readonly kind: 'when'; readonly test: Read<T, E, boolean>; readonly fields: ReadonlyArray<Field<T, E>> }
  | { readonly kind: 'fixed'; readonly name: string; readonly node: XmlNode }
  | {
      readonly kind: 'named';
      readonly read: Read<T, E, readonly unknown[]>;
      readonly nameOf: (item: never) => string;
      readonly valueOf: (item: never) => NamedValue;
      readonly children: NamedChildren;
    };

function checked(name: string): string {
  assertOutputName(name);
  return name;
}

/** Text that may hold anything: escaped as `escapeText` does. */
export function text<T, E>(name: string, read: Read<T, E, TextValue>): Field<T, E> {
  return { kind: 'text', name: checked(name), read };
}

/**
 * Text that never needs escaping, written as it is: integers, canonical decimals, booleans,
 * formatted timestamps. Anything a user typed is `text`. `schema` says which of those it is.
 */
export function verbatim<T, E>(name: string, read: Read<T, E, TextValue>, schema: ValueSchema): Field<T, E> {
  return { kind: 'verbatim', name: checked(name), read, schema };
}

/** A child element of another form; null is an empty element. */
export function nested<T, E, U>(name: string, form: Form<U, E>, read: Read<T, E, U | null | undefined>): Field<T, E> {
  return { kind: 'nested', name: checked(name), form: form as AnyForm<E>, read };
}

/** A typed array (`<name type="array">`) of `itemName` elements of another form. */
export function array<T, E, U>(
  name: string,
  itemName: string,
  form: Form<U, E>,
  read: Read<T, E, readonly (U | null)[]>,
): Field<T, E> {
  return { kind: 'array', name: checked(name), itemName: checked(itemName), form: form as AnyForm<E>, read };
}

/** One `name` element of another form per item, unwrapped: a repeated child. */
export function each<T, E, U>(name: string, form: Form<U, E>, read: Read<T, E, readonly (U | null)[]>): Field<T, E> {
  return { kind: 'each', name: checked(name), form: form as AnyForm<E>, read };
}

/** Fields written only when `test` holds. */
export function when<T, E>(test: Read<T, E, boolean>, fields: ReadonlyArray<Field<T, E>>): Field<T, E> {
  return { kind: 'when', test, fields };
}

/** An element that is the same for every value; a compiled writer renders it once per depth. */
export function fixed<T, E>(name: string, node: XmlNode): Field<T, E> {
  return { kind: 'fixed', name: checked(name), node };
}

/**
 * Children whose names come from the data (a revision's custom attributes): such a name can
 * only be checked as it is written, and a bad one throws as `buildElement` does. `children`
 * describes them for documents about the form.
 */
export function named<T, E, U>(
  read: Read<T, E, readonly U[]>,
  nameOf: (item: U) => string,
  valueOf: (item: U) => NamedValue,
  children: NamedChildren,
): Field<T, E> {
  return {
    kind: 'named',
    read,
    nameOf: nameOf as (item: never) => string,
    valueOf: valueOf as (item: never) => NamedValue,
    children,
  };
}

type Entries = Array<readonly [string, XmlNode]>;

/** A nested form's tree; null (or undefined) is an empty element. */
function itemNode<E>(form: AnyForm<E>, item: unknown, env: E): XmlNode {
  return item == null ? null : (form as unknown as (value: unknown, env: E) => XmlFields)(item, env);
}

function appendEntries<T, E>(fields: ReadonlyArray<Field<T, E>>, value: T, env: E, out: Entries): void {
  for (const field of fields) {
    switch (field.kind) {
      case 'text':
      case 'verbatim':
        out.push([field.name, field.read(value, env) ?? null]);
        break;
      case 'nested':
        out.push([field.name, itemNode(field.form, field.read(value, env), env)]);
        break;
      case 'array':
        out.push([field.name, listNode(field.itemName, field.read(value, env).map((item) => itemNode(field.form, item, env)))]);
        break;
      case 'each':
        for (const item of field.read(value, env)) out.push([field.name, itemNode(field.form, item, env)]);
        break;
      case 'when':
        if (field.test(value, env)) appendEntries(field.fields, value, env, out);
        break;
      case 'fixed':
        out.push([field.name, field.node]);
        break;
      case 'named':
        for (const item of field.read(value, env) as never[]) {
          out.push([field.nameOf(item), field.valueOf(item) ?? null]);
        }
        break;
    }
  }
}

/** Declares a form from its fields, in the order they are written. */
export function form<T, E = unknown>(fields: ReadonlyArray<Field<T, E>>): Form<T, E> {
  const build = (value: T, env: E): XmlFields => {
    const out: Entries = [];
    appendEntries(fields, value, env, out);
    return fieldsNode(out);
  };
  return Object.assign(build as (value: T, ...env: EnvArgument<E>) => XmlFields, { fields });
}
