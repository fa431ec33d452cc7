/** The seed every property test runs from unless `FUZZ_SEED` names another. */
export const DEFAULT_SEED = 20_250_101;

function envInteger(name: string, min: number): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, not ${JSON.stringify(raw)}`);
  return value;
}

/**
 * fast-check settings of a property test: a fixed seed, so `npm test` sees the same inputs each
 * time, and `runs` runs. `FUZZ_SEED` and `FUZZ_RUNS` change them to explore further; a failure
 * prints the seed and path that reproduce it.
 */
export function propertySettings(runs: number): { seed: number; numRuns: number } {
  return { seed: envInteger('FUZZ_SEED', -(2 ** 31)) ?? DEFAULT_SEED, numRuns: envInteger('FUZZ_RUNS', 1) ?? runs };
}
