import { stepEvent, type EventSource } from '../events';
import type { InsertStep, WriteStep } from '../write-plan';

/**
 * Tokens are issued, changed and revoked from the command line, where no token is the caller:
 * their events name `cli` as the token that made the change.
 */
export const CLI_SOURCE_NAME = 'cli';

/** The bootstrap token is made sure of by a server at its start, from `BOOTSTRAP_TOKEN`: its events name `server`. */
export const SERVER_SOURCE_NAME = 'server';

/**
 * `token.issued`, `token.updated` or `token.revoked` at `token/<id>`: the fields written, never the
 * secret (`changesOf` leaves `token_hash` out); seen by a caller who may manage data.
 */
export function tokenEvent(at: Date, change: 'issued' | 'updated' | 'revoked', step: WriteStep<'api_token'>, by = CLI_SOURCE_NAME): InsertStep<'event'> {
  const source: EventSource = { token: by, at };
  return stepEvent(source, `token.${change}`, 'token', step, {}, 'manage_data');
}
