/**
 * Exact decimal arithmetic for the checks: a quantity as a whole number of 10⁻¹⁰ (the stores keep
 * numeric(30,10)), so sums and differences never pass through a binary float.
 */
const SCALE = 10;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `1000.5` → 10005000000000n. Throws on anything but plain decimal text of at most 10 places. */
export function toScaled(text: string): bigint {
  const match = DECIMAL.exec(text.trim());
  const fraction = match?.[3] ?? '';
  if (!match || fraction.length > SCALE) throw new Error(`not a decimal of at most ${SCALE} places: "${text}"`);
  const units = BigInt(match[2]! + fraction.padEnd(SCALE, '0'));
  return match[1] === '-' ? -units : units;
}

/** 10005000000000n → `1000.5`: at least one fractional digit, no trailing zeros. */
export function fromScaled(units: bigint): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '') || '0';
  return `${sign}${digits.slice(0, -SCALE)}.${fraction}`;
}

export const sumScaled = (values: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const value of values) total += value;
  return total;
};
