import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { CodecError, type CodecErrorCode } from './codec-error';
import type { ParamValue } from './params';

export function fixture(name: string): string {
  return readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
}

/** Runs `fn` and returns the CodecError code it threw (fails the test if it threw anything else). */
export function codeOf(fn: () => unknown): CodecErrorCode | 'no error' {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return (error as CodecError).code;
  }
  return 'no error';
}

/** Every object reachable from `value` must have a null prototype. */
export function expectNullPrototypes(value: ParamValue): void {
  if (value === null || typeof value === 'string') return;
  if (Array.isArray(value)) {
    value.forEach(expectNullPrototypes);
    return;
  }
  expect(Object.getPrototypeOf(value)).toBeNull();
  Object.values(value).forEach(expectNullPrototypes);
}
