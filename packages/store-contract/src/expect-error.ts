import { expect } from 'vitest';
import { isPipsError, type ErrorCode } from '@pips/domain';

/** What `promise` rejected with; fails the case when it resolved. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return expect.fail('expected a rejection, but the promise resolved');
}

/** Asserts a domain error with `code` and, when given, exactly these messages. */
export async function expectPipsError(
  promise: Promise<unknown>,
  code: ErrorCode,
  messages?: readonly string[],
): Promise<void> {
  const error = await rejectionOf(promise);
  if (!isPipsError(error)) return expect.fail(`expected a PipsError (${code}), got: ${String(error)}`);
  expect(error.code).toBe(code);
  if (messages) expect(error.messages).toEqual(messages);
}
