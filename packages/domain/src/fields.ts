import { hasForbiddenCharacter, longerThan } from './characters';
import { STRING_LENGTH } from './columns';
import { fieldProblem, messages, type Problem } from './errors';
import { compareDecimal, parseDecimal, DECIMAL_FRACTION_DIGITS, DECIMAL_INTEGER_DIGITS } from './decimal';

/** Raw request input as the transports decode it: text, null, nested hashes, lists. */
export type Input = { readonly [key: string]: unknown };

export type FieldType = 'string' | 'text' | 'decimal' | 'int' | 'bool';

export interface FieldSpec {
  readonly type: FieldType;
  readonly required?: boolean;
  /** Decimal lower bound, exclusive (`> 0`) or inclusive (`>= 0`). */
  readonly min?: { readonly value: string; readonly exclusive: boolean };
  /** On create, when the field is absent or null. */
  readonly default?: string | number | boolean | null;
}

export type FieldSpecs = { readonly [field: string]: FieldSpec };
export type Coerced = string | number | boolean | null;

/**
 * A parameter as a message quotes it: text as it is, a list's items joined by commas, a hash as
 * JSON. `String` would throw on a hash: parameters are null-prototype objects, with no toString.
 */
export function shownParam(raw: unknown): string {
  if (Array.isArray(raw)) return raw.map((item) => (item === null || item === undefined ? '' : shownParam(item))).join(',');
  if (raw !== null && typeof raw === 'object') return JSON.stringify(raw);
  return String(raw);
}

/** In characters (code points). A `text` column is unbounded; 65,535 is the domain's own limit. */
const MAX_LENGTH: Record<'string' | 'text', number> = { string: STRING_LENGTH, text: 65535 };
const MAX_INT = 2147483647;

export function asInput(value: unknown): Input {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Input) : {};
}

function isBlank(raw: unknown): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

/** Reads one value; returns an error message or the typed value. Blank is null. */
export function coerce(field: string, spec: FieldSpec, raw: unknown): { value: Coerced } | { error: string } {
  if (isBlank(raw)) return spec.required ? { error: messages.blank(field) } : { value: null };
  if (typeof raw === 'number' || typeof raw === 'boolean') raw = String(raw);
  if (typeof raw !== 'string') return { error: messages.notAString(field) };
  switch (spec.type) {
    case 'string':
    case 'text': {
      const max = MAX_LENGTH[spec.type];
      if (hasForbiddenCharacter(raw)) return { error: messages.forbiddenCharacter(field) };
      return longerThan(raw, max) ? { error: messages.tooLong(field, max) } : { value: raw };
    }
    case 'int': {
      const text = raw.trim();
      if (!/^[+-]?\d+$/.test(text)) return { error: messages.notAnInteger(field) };
      const value = Number(text);
      return Math.abs(value) > MAX_INT ? { error: messages.notAnInteger(field) } : { value };
    }
    case 'bool': {
      const text = raw.trim().toLowerCase();
      if (text === 'true' || text === '1') return { value: true };
      if (text === 'false' || text === '0') return { value: false };
      return { error: messages.notABoolean(field) };
    }
    case 'decimal': {
      const parsed = parseDecimal(raw);
      if (!parsed.ok) {
        return {
          error:
            parsed.reason === 'too_precise'
              ? messages.tooPrecise(field, DECIMAL_INTEGER_DIGITS, DECIMAL_FRACTION_DIGITS)
              : messages.notANumber(field),
        };
      }
      const min = spec.min;
      if (min) {
        const cmp = compareDecimal(parsed.value, min.value);
        if (min.exclusive ? cmp <= 0 : cmp < 0) {
          return { error: min.exclusive ? messages.greaterThan(field, min.value) : messages.greaterOrEqual(field, min.value) };
        }
      }
      return { value: parsed.value };
    }
  }
}

/**
 * Reads every field of `specs` present in `input`. `mode: 'create'` also checks required
 * fields that are absent and fills defaults; `update` reads only what was sent.
 */
export function readFields(
  specs: FieldSpecs,
  input: Input,
  mode: 'create' | 'update',
): { values: Record<string, Coerced>; errors: Problem[] } {
  const values: Record<string, Coerced> = {};
  const errorList: Problem[] = [];
  for (const [field, spec] of Object.entries(specs)) {
    const present = Object.prototype.hasOwnProperty.call(input, field);
    if (!present && mode === 'update') continue;
    const result = coerce(field, spec, present ? input[field] : undefined);
    if ('error' in result) {
      errorList.push(fieldProblem(field, result.error));
      continue;
    }
    values[field] = result.value === null && mode === 'create' && spec.default !== undefined ? spec.default : result.value;
  }
  return { values, errors: errorList };
}
