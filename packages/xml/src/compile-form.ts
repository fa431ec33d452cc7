import { buildElement, indent, textElement } from './build-xml';
import { escapeText } from './escape-text';
import type { Field, Form, NamedValue } from './form';
import { assertOutputName } from './xml-name';

/** Writes one element of a form, its value null for an empty element. */
type Writer = (value: unknown, env: unknown) => string;

/** A form compiled for one element name: `buildElement(name, form(value, env), depth)`, without the tree. */
export interface CompiledElement<T, E = unknown> {
  readonly name: string;
  /** The form it writes, for descriptions of the element (never read while writing). */
  readonly form: Form<T, E>;
  /** The element `depth` levels deep (two spaces each), newline-terminated. */
  write(value: T | null | undefined, env: E, depth?: number): string;
}

const literal = (text: string) => JSON.stringify(text);

/** A child whose name comes from the data: checked here, as the generic builder checks it. */
function writeNamed(pad: string, name: string, value: NamedValue): string {
  assertOutputName(name);
  return textElement(pad, name, value ?? null);
}

/** A form's fields always write something, so its element is never self-closed for lack of children. */
function alwaysWrites<T, E>(fields: ReadonlyArray<Field<T, E>>): boolean {
  return fields.some((field) => field.kind !== 'when' && field.kind !== 'each' && field.kind !== 'named');
}

const writers = new WeakMap<object, Map<string, Writer>>();

/** The writer of `form` as the element `name` at `depth`, generated once and shared. */
function writerFor<T, E>(name: string, form: Form<T, E>, depth: number): Writer {
  let byPlace = writers.get(form);
  if (!byPlace) writers.set(form, (byPlace = new Map()));
  const key = `${name} ${depth}`;
  let writer = byPlace.get(key);
  if (!writer) byPlace.set(key, (writer = generate(name, form, depth)));
  return writer;
}

/**
 * Generates the writer's source. Element names were checked when the form was declared; every
 * string spliced into the source goes through JSON.stringify, and accessors and helpers are
 * passed in as arguments, so no data ever becomes code.
 *
 * Generated code rather than a closure per field: straight-line code with one call site per
 * accessor lets V8 inline each accessor, where a loop over field closures calls them all from one
 * megamorphic site. Measured on part and manufacturer items (a throwaway script; docs/decisions.md
 * "Compiled forms"), the closures took 1.2 to 1.3 times as long.
 */
function generate<T, E>(name: string, form: Form<T, E>, depth: number): Writer {
  const names: string[] = [];
  const values: unknown[] = [];
  const pass = (value: unknown): string => {
    names.push(`p${names.length}`);
    values.push(value);
    return names[names.length - 1]!;
  };
  const escape = pass(escapeText);
  const pad = indent(depth + 1);

  const emit = (fields: ReadonlyArray<Field<T, E>>): string[] =>
    fields.flatMap((field): string[] => {
      switch (field.kind) {
        case 'text':
        case 'verbatim': {
          const value = field.kind === 'text' ? `${escape}(x)` : 'x';
          return [
            `x = ${pass(field.read)}(v, e);`,
            `s += x == null || x === "" ? ${literal(`${pad}<${field.name}/>\n`)} : ${literal(`${pad}<${field.name}>`)} + ${value} + ${literal(`</${field.name}>\n`)};`,
          ];
        }
        case 'nested':
          return [`s += ${pass(writerFor(field.name, field.form, depth + 1))}(${pass(field.read)}(v, e), e);`];
        case 'array': {
          const item = pass(writerFor(field.itemName, field.form, depth + 2));
          return [
            `x = ${pass(field.read)}(v, e);`,
            `if (x.length === 0) s += ${literal(`${pad}<${field.name} type="array"/>\n`)};`,
            `else {`,
            `  s += ${literal(`${pad}<${field.name} type="array">\n`)};`,
            `  for (let i = 0; i < x.length; i++) s += ${item}(x[i], e);`,
            `  s += ${literal(`${pad}</${field.name}>\n`)};`,
            `}`,
          ];
        }
        case 'each': {
          const item = pass(writerFor(field.name, field.form, depth + 1));
          return [`x = ${pass(field.read)}(v, e);`, `for (let i = 0; i < x.length; i++) s += ${item}(x[i], e);`];
        }
        case 'when':
          return [`if (${pass(field.test)}(v, e)) {`, ...emit(field.fields).map((line) => `  ${line}`), `}`];
        case 'fixed':
          return [`s += ${literal(buildElement(field.name, field.node, depth + 1))};`];
        case 'named': {
          const write = `${pass(writeNamed)}(${literal(pad)}, ${pass(field.nameOf)}(x[i]), ${pass(field.valueOf)}(x[i]))`;
          return [`x = ${pass(field.read)}(v, e);`, `for (let i = 0; i < x.length; i++) s += ${write};`];
        }
      }
    });

  const outer = indent(depth);
  const empty = literal(`${outer}<${name}/>\n`);
  const open = literal(`${outer}<${name}>\n`);
  const close = literal(`${outer}</${name}>\n`);
  const always = alwaysWrites(form.fields);
  const source = [
    '"use strict";',
    `return function write_${name.replace(/[^A-Za-z0-9_]/g, '_')}_${depth}(v, e) {`,
    `  if (v == null) return ${empty};`,
    `  let s = ${always ? open : '""'}, x;`,
    ...emit(form.fields).map((line) => `  ${line}`),
    always ? `  return s + ${close};` : `  return s === "" ? ${empty} : ${open} + s + ${close};`,
    '}',
  ].join('\n');
  return new Function(...names, source)(...values) as Writer;
}

/** Compiles `form` as the element `name`, at module load: the writers for depth 0 and 1 are made here. */
export function compileElement<T, E>(name: string, form: Form<T, E>): CompiledElement<T, E> {
  assertOutputName(name);
  const byDepth: Writer[] = [writerFor(name, form, 0), writerFor(name, form, 1)];
  return {
    name,
    form,
    write(value, env, depth = 0) {
      return (byDepth[depth] ??= writerFor(name, form, depth))(value, env);
    },
  };
}
