import {
  DeadlockException,
  DriverException,
  ForeignKeyConstraintViolationException,
  NotNullConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { errors, isPipsError, messages, type TableName } from '@pips/domain';
import { schema, tooLongColumns, type UniqueKey } from '@pips/domain/storage';
import { foreignKeyName } from './entities';

export type Operation = 'read' | 'insert' | 'update' | 'delete';

/** What an insert or update wrote, for the errors PostgreSQL reports without naming a column. */
export interface Written {
  table: TableName;
  values: Record<string, unknown>;
}

export interface Converter {
  convertException(error: Error): DriverException;
}

const uniqueKeys = new Map<string, UniqueKey>(
  Object.values(schema).flatMap((spec) => spec.unique.map((key) => [key.name, key as UniqueKey] as const)),
);

const references = new Map<string, { table: TableName; column: string }>(
  (Object.keys(schema) as TableName[]).flatMap((table) =>
    schema[table].references.map((ref) => [foreignKeyName(table, ref.column), { table, column: ref.column }] as const),
  ),
);

/** A PostgreSQL error straight from the wire (pg or PGlite) carries its SQLSTATE in `code`. */
function isDatabaseError(error: unknown): error is Error {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * The connection failed, not the statement: node-postgres's socket errors (refused, reset, timed
 * out), its own messages for a connection that ended or cannot be had, and the SQLSTATEs of a
 * session the server ended or would not start (57P01–57P03 shutdown, 08xxx connection, 53300 too
 * many connections). The statement never ran, or ran in a transaction that is now rolled back.
 */
const LOST_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  // PGlite's thread is gone (`pglite-thread.ts`): nothing answers until the server is restarted.
  'the embedded database stopped',
];

export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code: unknown = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string') {
    if (LOST_CONNECTION_CODES.has(code) || code.startsWith('08') || code === '53300') return true;
    if (code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  return LOST_CONNECTION_MESSAGES.some((text) => error.message.includes(text));
}

/**
 * COMMIT was sent and the connection went before its answer came: the transaction may have been
 * committed or not, and only the database knows (`pg-sessions.ts` throws it, with the loss as `cause`).
 */
export class CommitInDoubt extends Error {
  constructor(cause: unknown) {
    super('the connection was lost while COMMIT was in flight', { cause });
    this.name = 'CommitInDoubt';
  }
}

/** A field PostgreSQL reports with the error (`constraint`, `column`); the converter copies them over. */
function fieldOf(error: DriverException, field: 'constraint' | 'column' | 'code'): string | undefined {
  const value = (error as unknown as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The one place driver errors become domain errors. MikroORM's converter names the failure
 * (only its entity-manager paths convert, so query-builder errors are converted here);
 * the constraint name says which unique key or reference it was.
 */
export function translateError(converter: Converter, error: unknown, operation: Operation, written?: Written): unknown {
  if (isPipsError(error)) return error;
  if (error instanceof CommitInDoubt) return errors.outcomeUnknown();
  if (isConnectionLoss(error)) return errors.unavailable();
  let converted: unknown = error;
  if (!(error instanceof DriverException) && isDatabaseError(error)) converted = converter.convertException(error);
  if (!(converted instanceof DriverException)) return error;

  const constraint = fieldOf(converted, 'constraint');
  if (converted instanceof UniqueConstraintViolationException) {
    const key = constraint === undefined ? undefined : uniqueKeys.get(constraint);
    return key ? errors.taken(key) : converted;
  }
  // Our references are NO ACTION, which reports 23503 (never RESTRICT's 23001).
  if (converted instanceof ForeignKeyConstraintViolationException) {
    const ref = constraint === undefined ? undefined : references.get(constraint);
    if (!ref) return converted;
    return operation === 'delete' ? errors.inUseByTable(ref.table) : errors.invalid([messages.mustExist(ref.column)]);
  }
  // A backstop: the domain refuses blanks first, so this is a null only a bug lets through.
  if (converted instanceof NotNullConstraintViolationException) {
    const column = fieldOf(converted, 'column');
    return column === undefined ? converted : errors.invalid([messages.blank(column)]);
  }
  // A backstop too: 22001 (a value past varchar's length) names no column, the values written do.
  if (fieldOf(converted, 'code') === '22001' && written) {
    const tooLong = tooLongColumns(written.table, written.values);
    if (tooLong.length > 0) return errors.invalid(tooLong);
  }
  // 57014 (query_canceled): the statement timeout ran out (or an operator cancelled the
  // statement). The work may well succeed later, so it is 503 busy; it is not tried again here,
  // which would add to the load that made it slow.
  if (fieldOf(converted, 'code') === '57014') return errors.busy();
  // 53100 (disk_full): PostgreSQL could not extend a file, and the statement's transaction is
  // rolled back; it clears only when someone frees space, so it is no "retry in a second".
  if (fieldOf(converted, 'code') === '53100') return errors.storageFull();
  return converted;
}

/** Serialization failures and deadlocks (40001, 40P01): the whole transaction may be tried again. */
export function isRetryable(error: unknown): boolean {
  return error instanceof DeadlockException;
}
