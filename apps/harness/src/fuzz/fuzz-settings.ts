/** The seed the fuzz run starts from unless `FUZZ_SEED` names another. */
const DEFAULT_SEED = 20_250_101;
/** Runs per route by default: every route fuzzed on each `npm test`, the whole run well under a minute. */
const DEFAULT_RUNS = 40;

function envInteger(name: string, min: number): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, not ${JSON.stringify(raw)}`);
  return value;
}

/**
 * fast-check settings for one route: `FUZZ_SEED` (default fixed, so `npm test` is deterministic)
 * mixed with the route, so each route sees its own inputs; `FUZZ_RUNS` runs (default 40). A failure
 * prints the route's seed and path, which `seed` and `path` replay.
 */
export function fuzzSettings(route: string): { seed: number; numRuns: number } {
  const base = envInteger('FUZZ_SEED', -(2 ** 31)) ?? DEFAULT_SEED;
  let seed = base | 0;
  for (const char of route) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return { seed, numRuns: runs() };
}

const runs = () => envInteger('FUZZ_RUNS', 1) ?? DEFAULT_RUNS;

/** A route's time limit: a hang fails the run, yet a busy machine or many runs never do (a run takes milliseconds). */
export function runTimeout(): number {
  return Math.max(120_000, runs() * 2_000);
}
