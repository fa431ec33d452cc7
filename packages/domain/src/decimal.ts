import Decimal from 'decimal.js';

/** Limits every stored decimal fits (PostgreSQL numeric(30,10)). */
export const DECIMAL_INTEGER_DIGITS = 20;
export const DECIMAL_FRACTION_DIGITS = 10;

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export type DecimalCheck =
  | { ok: true; value: string }
  | { ok: false; reason: 'not_a_number' | 'too_precise' };

/** Reads decimal text exactly (never through a binary float) and returns its canonical form. */
export function parseDecimal(text: string): DecimalCheck {
  const trimmed = text.trim();
  if (!DECIMAL_TEXT.test(trimmed)) return { ok: false, reason: 'not_a_number' };
  const value = new Decimal(trimmed);
  const fraction = value.decimalPlaces();
  const integerDigits = value.abs().truncated().toFixed().replace(/^0$/, '').length;
  if (fraction > DECIMAL_FRACTION_DIGITS || integerDigits > DECIMAL_INTEGER_DIGITS) {
    return { ok: false, reason: 'too_precise' };
  }
  return { ok: true, value: canonicalDecimal(value) };
}

/** Canonical text: plain notation, at least one fractional digit, no trailing zeros (`10.0`, `0.009`). */
export function canonicalDecimal(input: string | Decimal): string {
  const value = typeof input === 'string' ? new Decimal(input) : input;
  const plain = (value.isZero() ? new Decimal(0) : value).toFixed();
  if (!plain.includes('.')) return `${plain}.0`;
  return plain.replace(/0+$/, '').replace(/\.$/, '.0');
}

export function compareDecimal(a: string, b: string): number {
  return new Decimal(a).comparedTo(new Decimal(b));
}

export function addDecimal(a: string, b: string): string {
  return canonicalDecimal(new Decimal(a).plus(b));
}

export function subtractDecimal(a: string, b: string): string {
  return canonicalDecimal(new Decimal(a).minus(b));
}
