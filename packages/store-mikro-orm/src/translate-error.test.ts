import { DriverException } from '@mikro-orm/core';
import { isPipsError } from '@pips/domain';
import { describe, expect, it } from 'vitest';
import { CommitInDoubt, isConnectionLoss, translateError } from './translate-error';

/** MikroORM's converter names the failure; these cases need only the driver's fields kept. */
const converter = { convertException: (error: Error) => new DriverException(error) };

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const codeOf = (error: unknown) => (isPipsError(error) ? error.code : error);

describe('translateError, when the database goes away', () => {
  it('makes a lost or refused connection `unavailable`: the statement never ran, or its transaction rolled back', () => {
    const lost = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('sorry, too many clients already', '53300'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new Error('the embedded database stopped (its thread exited with code 1)'),
    ];
    for (const error of lost) {
      expect(isConnectionLoss(error), error.message).toBe(true);
      expect(codeOf(translateError(converter, error, 'insert')), error.message).toBe('unavailable');
    }
  });

  it('makes a COMMIT whose answer was lost `outcome_unknown`, and a full disk `storage_full`', () => {
    expect(codeOf(translateError(converter, new CommitInDoubt(new Error('Connection terminated unexpectedly')), 'read'))).toBe('outcome_unknown');
    const full = withCode('could not extend file "base/5/16385": No space left on device', '53100');
    expect(codeOf(translateError(converter, full, 'insert'))).toBe('storage_full');
  });

  it('leaves the statement\'s own failures alone', () => {
    for (const error of [withCode('division by zero', '22012'), new Error('something else'), withCode('no such file', 'ENOENT')]) {
      expect(isConnectionLoss(error), error.message).toBe(false);
      expect(isPipsError(translateError(converter, error, 'read')), error.message).toBe(false);
    }
    expect(codeOf(translateError(converter, withCode('canceling statement due to statement timeout', '57014'), 'read'))).toBe('busy');
  });
});
