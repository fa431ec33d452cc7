import { isPipsError } from '@pips/domain';
import { describe, expect, it } from 'vitest';
import { MAX_KEY_LENGTH, parseKeyHeader } from './key-header';

function refusal(header: string | string[]): string {
  try {
    parseKeyHeader(header);
  } catch (error) {
    if (isPipsError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'taken';
}

describe('the Idempotency-Key header', () => {
  it('takes a bare key and the same key as a quoted string (the IETF draft), escapes read', () => {
    expect(parseKeyHeader('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(parseKeyHeader('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(parseKeyHeader('"a\\"b\\\\c"')).toBe('a"b\\c');
    expect(parseKeyHeader('a"b')).toBe('a"b');
    expect(parseKeyHeader('k'.repeat(MAX_KEY_LENGTH))).toHaveLength(MAX_KEY_LENGTH);
  });

  it.each([
    ['empty', ''],
    ['an empty quoted string', '""'],
    ['one character too long', 'k'.repeat(MAX_KEY_LENGTH + 1)],
    ['a space', 'a b'],
    ['a tab', 'a\tb'],
    ['a character past ASCII', 'clé'],
    ['a control character', 'a\u0001b'],
    ['a quoted string left open', '"abc'],
    ['a quoted string with an unknown escape', '"a\\nb"'],
    ['a quoted string holding a space', '"a b"'],
  ])('refuses %s with 400', (_, header) => {
    expect(refusal(header)).toBe(
      'bad_request: Invalid Idempotency-Key: 1 to 255 visible ASCII characters (letters, digits, punctuation), bare or as a quoted string',
    );
  });

  it('refuses the header sent twice', () => {
    expect(refusal(['a', 'b'])).toMatch(/^bad_request: /);
  });
});
