import type { Load } from './measure';

/** How long each round lasts (BENCH_SECONDS), with `connections` clients. */
export const loadOf = (connections: number): Load => ({ seconds: Number(process.env.BENCH_SECONDS ?? 5), connections });

/** Each target runs this long unmeasured first, so every server is measured warm (JIT, prepared statements). */
export const warmUpOf = (load: Load): Load => ({ seconds: Math.min(1, load.seconds), connections: load.connections });

/** How many times each contender is measured on each target, taking turns; the median counts. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
