/** The measured requests, by the names the thresholds and the tables use: reads, writes at the reads' load, inventory writes at theirs. */
export const READ_NAMES = ['show unit', 'list units', 'show part', 'show large part', 'list parts'] as const;
export const WRITE_NAMES = ['create manufacturer', 'create part', 'update part', 'add bill line'] as const;
export const INVENTORY_NAMES = ['adjust, one unit', 'adjust, spread', 'split, one unit', 'split, spread'] as const;
/** Measured with a fixed number of requests (each consumes a draft seeded for it). */
export const RELEASE_NAMES = ['release, two-level ancestor'] as const;
export const TARGET_NAMES = [...READ_NAMES, ...WRITE_NAMES, ...INVENTORY_NAMES, ...RELEASE_NAMES] as const;
export type ReadName = (typeof READ_NAMES)[number];
export type WriteName = (typeof WRITE_NAMES)[number];
export type InventoryName = (typeof INVENTORY_NAMES)[number];
export type ReleaseName = (typeof RELEASE_NAMES)[number];
export type TargetName = (typeof TARGET_NAMES)[number];

/** PIPS must reach at least `atLeast` times the requests per second of its floor or of bare node:http. */
export interface RatioTarget {
  engine: string;
  target: TargetName;
  against: 'floor' | 'bare';
  atLeast: number;
}

/** The reads with a threshold, and the least each engine's PIPS may reach of their floors. */
const THRESHOLD_READS = ['show unit', 'show part', 'list units', 'list parts'] as const;
const READ_AT_LEAST = 0.6;
/** Every write's least share of its floor, by engine. */
const WRITE_AT_LEAST: Record<string, number> = { postgresql: 0.7, pglite: 0.6 };

export const RATIO_TARGETS: readonly RatioTarget[] = [
  ...['postgresql', 'pglite'].flatMap((engine) => [
    ...THRESHOLD_READS.map((target): RatioTarget => ({ engine, target, against: 'floor', atLeast: READ_AT_LEAST })),
    ...[...WRITE_NAMES, ...INVENTORY_NAMES, ...RELEASE_NAMES].map((target): RatioTarget => ({ engine, target, against: 'floor', atLeast: WRITE_AT_LEAST[engine]! })),
  ]),
  { engine: 'memory', target: 'show unit', against: 'bare', atLeast: 0.35 },
];

/** The whole list must stream: the server's memory may grow this much while one client reads it. */
export const WHOLE_LIST_GROWTH_LIMIT = 50 * 1024 * 1024;

export interface Measured {
  requestsPerSecond: number;
  errors: number;
}

/** What one engine's run measured, as far as it got. */
export interface EngineRun {
  engine: string;
  pips: Partial<Record<TargetName, Measured>>;
  floor: Partial<Record<TargetName, Measured>>;
  bare?: Measured;
  /** PIPS's peak memory growth while one client read the whole list. */
  wholeListGrowthBytes?: number;
}

export type Status = 'met' | 'MISSED' | 'not measured';

export interface Check {
  label: string;
  status: Status;
  detail: string;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ratioCheck(target: RatioTarget, run: EngineRun | undefined): Check {
  const label = `${target.engine} ${target.target} ≥ ${target.atLeast}× ${target.against === 'floor' ? 'floor' : 'bare node:http'}`;
  const pips = run?.pips[target.target];
  const base = target.against === 'floor' ? run?.floor[target.target] : run?.bare;
  if (!pips || !base) return { label, status: 'not measured', detail: '' };
  if (pips.errors > 0 || base.errors > 0) {
    return { label, status: 'MISSED', detail: `errors: PIPS ${pips.errors}, ${target.against} ${base.errors}` };
  }
  const ratio = base.requestsPerSecond > 0 ? pips.requestsPerSecond / base.requestsPerSecond : 0;
  return { label, status: ratio >= target.atLeast ? 'met' : 'MISSED', detail: ratio.toFixed(3) };
}

/**
 * Every threshold against what was measured: a ratio is missed below its minimum or when either
 * side had errors; an engine that did not run is "not measured", which misses nothing.
 */
export function checkTargets(
  runs: readonly EngineRun[],
  targets: readonly RatioTarget[] = RATIO_TARGETS,
  growthLimit = WHOLE_LIST_GROWTH_LIMIT,
): Check[] {
  const byEngine = new Map(runs.map((run) => [run.engine, run]));
  const checks = targets.map((target) => ratioCheck(target, byEngine.get(target.engine)));
  for (const run of runs) {
    const label = `${run.engine} whole list growth ≤ ${mb(growthLimit)}`;
    const growth = run.wholeListGrowthBytes;
    checks.push(
      growth === undefined
        ? { label, status: 'not measured', detail: '' }
        : { label, status: growth <= growthLimit ? 'met' : 'MISSED', detail: mb(growth) },
    );
  }
  return checks;
}

export const missed = (checks: readonly Check[]): Check[] => checks.filter((check) => check.status === 'MISSED');
