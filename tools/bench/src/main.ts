import { runBills } from './bill-run';
import { runInventory } from './inventory-run';
import { runPools } from './pool-run';
import { runRelease } from './release-run';
import { runEventCost } from './event-cost-run';
import { runEventFeed } from './event-feed-run';
import { runTracing } from './tracing-run';
import { engines } from './server';
import { checkTargets, missed, type Check, type EngineRun } from './targets';
import { requestLoad, runRequests } from './request-run';

/** Figures measured apart (the inventory writes) joined to their engine's run, or a run of their own. */
function addFigures(runs: EngineRun[], engine: string, figures: Pick<EngineRun, 'pips' | 'floor'>): void {
  const run = runs.find((candidate) => candidate.engine === engine);
  if (!run) runs.push({ engine, ...figures });
  else Object.assign(run, { pips: { ...run.pips, ...figures.pips }, floor: { ...run.floor, ...figures.floor } });
}

async function main() {
  console.log(requestLoad());
  const failures: string[] = [];
  const runs: EngineRun[] = [];
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'requests') for (const engine of engines()) runs.push(await runRequests(engine, failures));
  if ((!only || only === 'bills') && process.env.BENCH_BILLS !== '0') for (const engine of engines()) await runBills(engine);
  // The memory engine has no floor that writes: its inventory figures would compare with nothing.
  const stores = engines().filter((engine) => engine.name !== 'memory');
  if ((!only || only === 'inventory') && process.env.BENCH_INVENTORY !== '0') {
    for (const engine of stores) addFigures(runs, engine.name, await runInventory(engine));
  }
  if ((!only || only === 'release') && process.env.BENCH_RELEASE !== '0') {
    for (const engine of stores) addFigures(runs, engine.name, await runRelease(engine));
  }
  // Tracing's cost is measured on demand, and against a build without it when BENCH_TRACING_BASELINE names one.
  if (only === 'tracing') for (const engine of stores) await runTracing(engine);
  // The pool sizes are compared on demand only: the default was chosen from them once (docs/decisions.md).
  if (only === 'pool') for (const engine of stores.filter((e) => e.name === 'postgresql')) await runPools(engine);

  // What events cost each write, and how fast one follower reads the feed (docs/decisions.md, "Events").
  const eventChecks: Check[] = [];
  if ((!only || only === 'events') && process.env.BENCH_EVENTS !== '0') {
    for (const engine of stores) eventChecks.push(...(await runEventCost(engine)));
    for (const engine of stores) await runEventFeed(engine);
  }

  const checks = [...(runs.length > 0 ? checkTargets(runs) : []), ...eventChecks];
  if (checks.length === 0) return;
  console.log('\ntargets');
  for (const check of checks) console.log(`  ${check.label.padEnd(48)} ${check.detail.padStart(8)}  ${check.status}`);
  const misses = [...missed(checks).map((check) => `${check.label}: ${check.detail}`), ...failures];
  if (misses.length > 0) {
    console.error(`targets missed:\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
