/**
 * A float written as Ruby's `Float#to_s` writes it, which is how the spec shows `value`
 * (`4700.0`, `1.0e-07`): the shortest digits that read back to the same double, in fixed
 * notation while the decimal point falls within -3..16 digits of the first digit (`0.0001`,
 * `1000000000000000.0`), else as `d.ddde±XX` with at least two exponent digits; always with a
 * fractional digit.
 */
export function rubyFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (value === 0) return `${sign}0.0`;
  const magnitude = Math.abs(value);
  // Where Ruby writes plain notation, JavaScript's shortest digits in plain notation are the same
  // (a part list formats one value a part): an integer gains `.0`, a fraction is as JavaScript has it.
  if (magnitude >= 1e-4 && magnitude < 1e16) return Number.isInteger(value) ? `${value}.0` : String(value);
  return rubyFloatFromDigits(value);
}

/** Ruby's text for a finite, non-zero `value`, built from its shortest round-trip digits. */
export function rubyFloatFromDigits(value: number): string {
  const sign = value < 0 ? '-' : '';
  // toExponential() without an argument gives the shortest round-trip digits, as Ruby does.
  const [mantissa = '', exponent = '0'] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  /** Digits before the decimal point (Ruby's `decpt`): 1 for 4.7, -10 for 4.7e-11. */
  const decpt = Number(exponent) + 1;
  if (decpt > 0 && decpt <= 16) {
    const integer = digits.slice(0, decpt).padEnd(decpt, '0');
    const fraction = digits.slice(decpt) || '0';
    return `${sign}${integer}.${fraction}`;
  }
  if (decpt <= 0 && decpt > -4) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  const e = decpt - 1;
  const exponentText = `${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  return `${sign}${digits[0]}.${digits.slice(1) || '0'}e${exponentText}`;
}
