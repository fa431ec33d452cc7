import Decimal from 'decimal.js';

/** Limits every stored decimal fits (PostgreSQL numeric(30,10)). */
export const DECIMAL_INTEGER_DIGITS = 20;
export const DECIMAL_FRACTION_DIGITS = 10;

/**
 * decimal.js rounds results to 20 significant digits by default; a stored value has up to 30,
 * so a sum of two needs 31. 64 keeps every result of ours exact. Module-local, so no other
 * user of decimal.js is affected.
 */
const Exact = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_EVEN });

const DECIMAL_TEXT = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Exponent digits past this mean |exponent| ≥ 1e15, beyond any value a request body can bring into range. */
const MAX_EXPONENT_DIGITS = 15;

export type DecimalCheck =
  | { ok: true; value: string }
  | { ok: false; reason: 'not_a_number' | 'too_precise' };

const tooPrecise: DecimalCheck = { ok: false, reason: 'too_precise' };

/**
 * The power of ten of the leading digit (decimal.js calls it `e`), read from the text alone,
 * so `1e9000000000000000` is refused before anything expands it; null when every digit is zero.
 */
function leadingExponent(integer: string, fraction: string, exponentText: string): number | 'huge' | null {
  const digits = integer + fraction;
  const first = digits.search(/[1-9]/);
  if (first === -1) return null;
  const exponentDigits = exponentText.replace(/^[+-]?0*/, '');
  if (exponentDigits.length > MAX_EXPONENT_DIGITS) return 'huge';
  return integer.length - 1 - first + Number(exponentText || 0);
}

/** Reads decimal text exactly (never through a binary float) and returns its canonical form. */
export function parseDecimal(text: string): DecimalCheck {
  const trimmed = text.trim();
  const match = DECIMAL_TEXT.exec(trimmed);
  const [, integer = '', fraction = '', exponent = ''] = match ?? [];
  if (!match || integer.length + fraction.length === 0) return { ok: false, reason: 'not_a_number' };
  const e = leadingExponent(integer, fraction, exponent);
  if (e === null) return { ok: true, value: '0.0' };
  // A non-zero value below 1e-10 would round to zero: refused like any other extra digit.
  if (e === 'huge' || e >= DECIMAL_INTEGER_DIGITS || e < -DECIMAL_FRACTION_DIGITS) return tooPrecise;
  const value = new Exact(trimmed);
  if (!value.isFinite()) return { ok: false, reason: 'not_a_number' };
  const integerDigits = Math.max(0, value.e + 1);
  if (value.decimalPlaces() > DECIMAL_FRACTION_DIGITS || integerDigits > DECIMAL_INTEGER_DIGITS) return tooPrecise;
  return { ok: true, value: canonicalDecimal(value) };
}

/** Canonical text: plain notation, at least one fractional digit, no trailing zeros (`10.0`, `0.009`). */
/** Plain decimal notation, as PostgreSQL writes numeric: the common case, canonicalised without a Decimal. */
const PLAIN = /^(-?)0*(\d+?)(?:\.(\d*?)0*)?$/;

export function canonicalDecimal(input: string | Decimal): string {
  if (typeof input === 'string') {
    const plain = PLAIN.exec(input);
    if (plain) {
      const [, sign, whole, fraction] = plain as unknown as [string, string, string, string | undefined];
      const digits = fraction || '0';
      const zero = whole === '0' && /^0+$/.test(digits);
      return `${zero ? '' : sign}${whole}.${digits}`;
    }
  }
  const value = typeof input === 'string' ? new Exact(input) : input;
  const plain = (value.isZero() ? new Exact(0) : value).toFixed();
  if (!plain.includes('.')) return `${plain}.0`;
  return plain.replace(/0+$/, '').replace(/\.$/, '.0');
}

export function compareDecimal(a: string, b: string): number {
  return new Exact(a).comparedTo(new Exact(b));
}

export function addDecimal(a: string, b: string): string {
  return canonicalDecimal(new Exact(a).plus(b));
}

export function subtractDecimal(a: string, b: string): string {
  return canonicalDecimal(new Exact(a).minus(b));
}

/**
 * a × b. Exact for any two stored values (at most 60 significant digits); a chain of products
 * (a quantity extended down a deep bill) is rounded half-even to 64 significant digits.
 */
export function multiplyDecimal(a: string, b: string): string {
  return canonicalDecimal(new Exact(a).times(b));
}

/**
 * a ÷ b rounded half-even to `places` fraction digits (the stored scale unless told). Divisors of
 * stored values have at most 30 digits, so the 64 digits the quotient is first worked to decide the
 * rounding exactly. Throws on a zero divisor.
 */
export function divideDecimal(a: string, b: string, places: number = DECIMAL_FRACTION_DIGITS): string {
  const divisor = new Exact(b);
  if (divisor.isZero()) throw new RangeError('decimal division by zero');
  return canonicalDecimal(new Exact(a).div(divisor).toDecimalPlaces(places, Decimal.ROUND_HALF_EVEN));
}

/** `value` rounded half-even to `places` fraction digits (the stored scale unless told). */
export function roundDecimal(value: string, places: number = DECIMAL_FRACTION_DIGITS): string {
  return canonicalDecimal(new Exact(value).toDecimalPlaces(places, Decimal.ROUND_HALF_EVEN));
}
