/**
 * What a column holds and whether it may be null. The SQL store maps it to column types and
 * NOT NULL; the memory store compares by it (decimals by value, text by code point) and refuses
 * null where SQL would. `string` is varchar(STRING_LENGTH), `text` unbounded, `decimal`
 * numeric(30,10), `float` a double (only for values the spec itself defines as a float).
 */
export type ColumnKind = 'id' | 'string' | 'text' | 'integer' | 'decimal' | 'float' | 'boolean' | 'timestamp';

/** How many characters a `string` column holds: characters (code points), as varchar counts them. */
export const STRING_LENGTH = 255;

export interface ColumnSpec<K extends ColumnKind = ColumnKind, N extends boolean = boolean> {
  readonly kind: K;
  readonly nullable: N;
}

/** The value a record holds for a column of `kind` (decimals are canonical strings). */
type KindValue<K extends ColumnKind> = K extends 'id' | 'integer' | 'float'
  ? number
  : K extends 'boolean'
    ? boolean
    : K extends 'timestamp'
      ? Date
      : string;

export type ValueOf<C> = C extends ColumnSpec<infer K, infer N> ? KindValue<K> | (N extends true ? null : never) : never;

const spec = <K extends ColumnKind, N extends boolean>(kind: K, nullable: N): ColumnSpec<K, N> => ({ kind, nullable });

/** Column builders: `col.string` may be null, `col.required.string` may not. */
export const col = {
  id: spec('id', false),
  string: spec('string', true),
  text: spec('text', true),
  integer: spec('integer', true),
  decimal: spec('decimal', true),
  float: spec('float', true),
  boolean: spec('boolean', true),
  timestamp: spec('timestamp', true),
  required: {
    string: spec('string', false),
    text: spec('text', false),
    integer: spec('integer', false),
    decimal: spec('decimal', false),
    float: spec('float', false),
    boolean: spec('boolean', false),
    timestamp: spec('timestamp', false),
  },
} as const;

export const timestamps = { created_at: col.required.timestamp, updated_at: col.required.timestamp } as const;
