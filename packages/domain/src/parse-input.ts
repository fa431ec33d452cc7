import { errors, messages, under, type Problem } from './errors';
import { asInput, readFields, type FieldSpec, type FieldSpecs, type Input } from './fields';
import { distinctItems } from './distinct-items';
import { listItems } from './list-field';

/** The type a field of `spec` reads to: `int` a number, `bool` a boolean, the rest text (decimals canonical). */
type FieldType<S extends FieldSpec> = S['type'] extends 'int' ? number : S['type'] extends 'bool' ? boolean : string;

/** A required field, or one with a non-null default, is never null after a create's parse. */
type NeverNull<S extends FieldSpec> = S extends { readonly required: true }
  ? true
  : S extends { readonly default: string | number | boolean }
    ? true
    : false;

/** What a create reads from `specs`: every field, typed. */
export type Fields<S extends FieldSpecs> = {
  -readonly [K in keyof S]: FieldType<S[K]> | (NeverNull<S[K]> extends true ? never : null);
};

/** What an update reads: only the fields sent (a blank one is null). */
export type FieldChanges<S extends FieldSpecs> = { -readonly [K in keyof S]?: FieldType<S[K]> | null };

/**
 * Every field error of one request, gathered across its sections (the part, its revision, each
 * listed item) so a single 400 names them all. A command's parse step fills one, then calls
 * `check`, and only then builds its typed input.
 */
export interface Problems {
  readonly list: Problem[];
  /** A message alone, or a problem naming its field. */
  add(...found: Array<string | Problem>): void;
  /** Throws `invalid` with every message gathered, when there is any. */
  check(): void;
}

export function problems(): Problems {
  const list: Problem[] = [];
  return {
    list,
    add: (...found) => void list.push(...found.map((one) => (typeof one === 'string' ? { message: one } : one))),
    check: () => {
      if (list.length > 0) throw errors.invalid(list);
    },
  };
}

/**
 * `found` as the nested hash `key` sees it: what is added there names its field under the key
 * (`revision.revision_name`), and a message naming no field is about the hash itself. It adds to
 * `found`'s own list.
 */
export function within(found: Problems, key: string): Problems {
  return {
    list: found.list,
    add: (...added) => found.add(...added.map((one) => under(key, typeof one === 'string' ? { message: one } : one))),
    check: () => found.check(),
  };
}

/** Reads a create's fields of `specs` from `raw`; errors go to `found`. */
export function parseCreate<const S extends FieldSpecs>(specs: S, raw: unknown, found: Problems): Fields<S> {
  const { values, errors: list } = readFields(specs, asInput(raw), 'create');
  found.add(...list);
  return values as Fields<S>;
}

/** Reads the fields of `specs` that `raw` sends; errors go to `found`. */
export function parseChanges<const S extends FieldSpecs>(specs: S, raw: unknown, found: Problems): FieldChanges<S> {
  const { values, errors: list } = readFields(specs, asInput(raw), 'update');
  found.add(...list);
  return values as FieldChanges<S>;
}

/**
 * Reads each item of the list field `name` (however spelled: `listItems`) with `read`; messages
 * about an item name the list (`Alternate parts part can't be blank`), their fields the item
 * (`alternate_parts[0].part_id`). Text where the list should
 * be is one error. A list whose items are told apart by a field (`distinctBy`) holds each once
 * (`distinctItems`); any other list keeps every item it is sent, repeats included.
 */
export function parseListField<T extends object>(
  input: Input,
  name: string,
  found: Problems,
  read: (item: unknown, itemProblems: Problems) => T,
  options: { readonly distinctBy?: keyof T & string } = {},
): T[] {
  const items = listItems(input[name], name);
  if (items === null) {
    found.add({ field: name, message: messages.notAList(name) });
    return [];
  }
  const values = items.map((item, index) => {
    const own = problems();
    const value = read(item, own);
    found.add(...own.list.map((problem) => under(`${name}[${index}]`, { ...problem, message: messages.inList(name, problem.message) })));
    return value;
  });
  return options.distinctBy === undefined ? values : distinctItems(name, values, options.distinctBy, found);
}
