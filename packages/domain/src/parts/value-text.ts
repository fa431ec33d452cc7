import Decimal from 'decimal.js';

/** Exact arithmetic for the scaling, so `4.7` pico is the double nearest 4.7e-12, not 4.7 × 1e-12. */
const Exact = Decimal.clone({ precision: 64 });

/** SI prefixes `value_text` understands, as powers of ten. `K` is kilo too, as resistor codes write it. */
const PREFIXES: Readonly<Record<string, number>> = {
  p: -12,
  n: -9,
  u: -6,
  µ: -6, // U+00B5 MICRO SIGN
  μ: -6, // U+03BC GREEK SMALL LETTER MU
  m: -3,
  k: 3,
  K: 3,
  M: 6,
  G: 9,
  T: 12,
};

/**
 * Units a value may end with, as written (`ohm` in any case; Ω as the Greek letter or the ohm
 * sign). A fixed list keeps `4kk`, `1e` and `0x10` from reading as a number with an odd unit.
 */
const UNITS = ['F', 'H', 'Ω', 'Ω', 'V', 'A', 'W', 'VA', 'Wh', 'Ah', 'Hz', 's', 'g', 'm', 'J', 'C', 'N', 'Pa'];
const UNIT = `(?:${UNITS.join('|')}|[oO][hH][mM][sS]?)`;
/** `4.7`, `.5`, `-2`, `1e-3`, then the rest (prefix and unit). */
const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?`;
const PLAIN = new RegExp(String.raw`^(${NUMBER})\s*(.*)$`, 'u');
/** `4k7`, `2R2`, `4n7F`: the prefix stands where the decimal point would (`R` for none). */
const INFIX = new RegExp(String.raw`^([+-]?)(\d+)([pnuµμmkKMGTR])(\d+)\s*(?:${UNIT})?$`, 'u');
const UNIT_ONLY = new RegExp(String.raw`^${UNIT}$`, 'u');

/** The power of ten `rest` (what follows the number) stands for, or null when it is no prefix and unit. */
function exponentOf(rest: string): number | null {
  if (rest === '') return 0;
  const first = rest.charAt(0);
  const prefix = PREFIXES[first];
  // The first letter is a prefix when it is one: `5 mA` is milliamperes, `10 m` is 0.01, `10 F` farads.
  if (prefix !== undefined && (rest.length === 1 || UNIT_ONLY.test(rest.slice(1)))) return prefix;
  return UNIT_ONLY.test(rest) ? 0 : null;
}

function scaled(number: string, exponent: number): number | null {
  const exact = new Exact(number).times(new Exact(10).pow(exponent));
  const value = exact.isFinite() ? Number(exact.toString()) : Number.NaN;
  // `-0` is zero.
  return Number.isFinite(value) ? value + 0 : null;
}

/**
 * The number `value_text` stands for: a number with an optional SI prefix (p n u µ m k M G T,
 * and K for kilo), with or without a space, optionally followed by one of `UNITS` (`4.7k`,
 * `100 nF`, `2.2 µH`, `10Ω`), or the prefix in place of the decimal point (`4k7`, `2R2`). Null when the text
 * is none of these, or out of a double's range.
 */
export function parseValueText(text: string): number | null {
  const trimmed = text.trim();
  const infix = INFIX.exec(trimmed);
  if (infix) {
    const [, sign = '', integer = '', prefix = '', fraction = ''] = infix;
    return scaled(`${sign}${integer}.${fraction}`, prefix === 'R' ? 0 : (PREFIXES[prefix] ?? 0));
  }
  const plain = PLAIN.exec(trimmed);
  if (!plain) return null;
  const [, number = '', rest = ''] = plain;
  const exponent = exponentOf(rest);
  return exponent === null ? null : scaled(number, exponent);
}
