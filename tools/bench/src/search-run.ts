import { seedSearch } from './search-seed';
import { TOKEN, type Engine, type Prepared } from './server';

const UNITS = Number(process.env.BENCH_SEARCH_UNITS ?? 100_000);
const CALLS = 20;

/** The searches timed: what each asks, as its query string. */
const SEARCHES: ReadonlyArray<[string, string]> = [
  ['contains, serial_number (1 match)', 'field0=serial_number&term0=N00012345'],
  ['starts_with, lot_code', 'field0=lot_code&comparison0=starts_with&term0=lot-99'],
  ['equals, asset_id (1 match)', 'field0=asset_id&comparison0=equals&term0=x00054321'],
  ['every field and part number', 'term0=b39'],
  ['two triples OR-ed', 'field0=serial_number&comparison0=ends_with&term0=77777&field1=lot_code&comparison1=equals&term1=lot-5'],
  ['matching nothing', 'term0=zzqqzzqq'],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/**
 * The search at scale: UNITS units written straight into the store (PIPS stopped meanwhile, as
 * PGlite is one process's), then each search CALLS times through HTTP, one at a time: the median.
 */
export async function runSearch(engine: Engine, prepared: Prepared, stop: () => Promise<void>, restart: () => Promise<string>): Promise<void> {
  if (process.env.BENCH_SEARCH === '0') return;
  await stop();
  const started = performance.now();
  await seedSearch(prepared, UNITS);
  const url = await restart();
  console.log(`\n${engine.name}: search over ${UNITS} more units (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s), median of ${CALLS} calls`);
  for (const [label, query] of SEARCHES) {
    const times: number[] = [];
    let total = '';
    for (let i = 0; i < CALLS + 1; i++) {
      const began = performance.now();
      const response = await fetch(`${url}/api/v2/${TOKEN}/inventory_units/search?${query}`, { headers: { accept: 'application/xml' } });
      await response.text();
      if (!response.ok) throw new Error(`search ${query} answered ${response.status}`);
      // The first call warms the statement up and is not counted.
      if (i > 0) times.push(performance.now() - began);
      total = String(JSON.parse(response.headers.get('x-pagination') ?? '{}').total_entries);
    }
    console.log(`  ${label.padEnd(36)} ${median(times).toFixed(1).padStart(8)} ms   ${total.padStart(7)} found`);
  }
}
