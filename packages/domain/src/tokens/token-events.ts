import { stepEvent, type EventSource } from '../events';
import type { InsertStep, WriteStep } from '../write-plan';

/**
 * Tokens are issued, changed and revoked from the command line, where no token is the caller:
 * their events name `cli` as the token that made the change.
 */
export const CLI_SOURCE_NAME = 'cli';

/**
 * `token.issued`, `token.updated` or `token.revoked` at `token/<id>`: the fields written, never the
 * secret (`changesOf` leaves `token_hash` out); seen by a caller who may manage data.
 */
export function tokenEvent(at: Date, change: 'issued' | 'updated' | 'revoked', step: WriteStep<'api_token'>): InsertStep<'event'> {
  const source: EventSource = { token: CLI_SOURCE_NAME, at };
  return stepEvent(source, `token.${change}`, 'token', step, {}, 'manage_data');
}
