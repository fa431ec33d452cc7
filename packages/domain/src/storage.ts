// `@pips/domain/storage`: what a storage adapter and the store contract derive from: the table
// declarations (columns, keys, references, indexes), the sequences and the named locks. Services that use the domain
// need none of it, so it stays off the main surface, which holds commands, results and ports.
export {
  columns,
  columnOf,
  isNotNull,
  blankNotNull,
  tooLongColumns,
  STRING_LENGTH,
  type ColumnKind,
  type ColumnSpec,
  type TableSpec,
} from './columns';
export {
  schema,
  sequenceNames,
  type SequenceName,
  lockNames,
  type LockName,
  type TableSchema,
  type UniqueKey,
  type Reference,
  type Index,
} from './schema';
export type { IndexMethod } from './tables/define-table';
export { recordsLabel } from './errors';
export { COMMITTED_MESSAGE } from './write-plan';
