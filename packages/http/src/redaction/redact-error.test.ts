import { describe, expect, it } from 'vitest';
import { redactError } from './redact-error';

const T = 'Zq3_tok-en9Zq3_tok-en9Zq3_tok-en';

class DriverError extends Error {
  constructor(
    message: string,
    readonly params: unknown[],
    readonly detail: { where: string },
  ) {
    super(message);
    this.name = 'DriverError';
  }
}

describe('redactError', () => {
  it('copies an error with its class, message, stack, cause and properties masked', () => {
    const error = new DriverError(`invalid input syntax: "${T}"`, [1, T], { where: `/api/v2/${T}/unit` }, );
    (error as Error).cause = new Error(`caused by ${T}`);
    const copy = redactError(error, [T]) as DriverError;
    expect(copy).toBeInstanceOf(DriverError);
    expect(copy.name).toBe('DriverError');
    expect(copy.message).toBe('invalid input syntax: "[token]"');
    expect(copy.stack).toContain('invalid input syntax: "[token]"');
    expect(copy.params).toEqual([1, '[token]']);
    expect(copy.detail).toEqual({ where: '/api/v2/[token]/unit' });
    expect((copy.cause as Error).message).toBe('caused by [token]');
    expect(JSON.stringify({ ...copy, message: copy.message, stack: copy.stack })).not.toContain(T);
    // The error itself is left alone.
    expect(error.message).toContain(T);
  });

  it('masks what is thrown that is no error', () => {
    expect(redactError(`thrown ${T}`, [T])).toBe('thrown [token]');
    expect(redactError({ text: T }, [T])).toEqual({ text: '[token]' });
    expect(redactError(7, [T])).toBe(7);
  });
});
