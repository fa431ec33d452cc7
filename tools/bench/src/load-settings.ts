import type { Load } from './measure';

/** How long each round lasts (BENCH_SECONDS), with `connections` clients. */
export const loadOf = (connections: number): Load => ({ seconds: Number(process.env.BENCH_SECONDS ?? 5), connections });

/**
 * Each target runs this long unmeasured first (BENCH_WARMUP_SECONDS, else one round), so every
 * server is measured warm: V8 goes on compiling PIPS's write paths for tens of seconds of load,
 * where a second was what the floor needed (docs/decisions.md, "A warm-up as long as a round").
 */
export const warmUpOf = (load: Load): Load => ({ seconds: Number(process.env.BENCH_WARMUP_SECONDS ?? load.seconds), connections: load.connections });

/** How many times each contender is measured on each target, taking turns; the median counts. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
