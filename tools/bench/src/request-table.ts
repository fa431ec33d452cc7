import type { Figures } from './measure';
import { READ_NAMES, WHOLE_LIST_GROWTH_LIMIT, WRITE_NAMES, type ReadName, type TargetName, type WriteName } from './targets';
import type { WholeList } from './whole-list';

/** One side's figures in a request run: every target's, and the whole list read by one client and by four. */
export interface Side {
  figures: Partial<Record<TargetName, Figures>>;
  whole: WholeList;
  four: WholeList;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
export const ratio = (a: Figures | undefined, b: Figures | undefined) =>
  a && b && b.requestsPerSecond > 0 ? (a.requestsPerSecond / b.requestsPerSecond).toFixed(3) : '-';
export const rps = (f: Figures | undefined) => (f ? f.requestsPerSecond.toFixed(0) : '-');
const ms = (n: number | undefined) => (n === undefined ? '-' : String(n));

const COLUMNS: Array<[string, number]> = [
  ['target', 24],
  ['PIPS req/s', 10],
  ['p50ms', 6],
  ['p99ms', 6],
  ['floor req/s', 11],
  ['p50ms', 6],
  ['p99ms', 6],
  ['PIPS/floor', 10],
  ['PIPS/bare', 9],
  ['errors', 9],
];
const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(COLUMNS[i]![1]) : cell.padStart(COLUMNS[i]![1]))).join(' ');

/** One engine's request targets as a table: PIPS, its floor and their ratio, then the whole list's figures. */
export function printTable(engine: string, pips: Side, floor: Side, bare: Figures, labels: Readonly<Record<ReadName | WriteName, string>>) {
  console.log(`\n${engine}`);
  console.log(line(COLUMNS.map(([title]) => title)));
  for (const name of [...READ_NAMES, ...WRITE_NAMES]) {
    const p = pips.figures[name];
    const f = floor.figures[name];
    console.log(
      line([
        labels[name],
        rps(p),
        ms(p?.p50),
        ms(p?.p99),
        rps(f),
        ms(f?.p50),
        ms(f?.p99),
        ratio(p, f),
        ratio(p, bare),
        `${p?.errors ?? '-'}/${f?.errors ?? '-'}`,
      ]),
    );
  }
  console.log(line(['bare node:http (show unit)', rps(bare), ms(bare.p50), ms(bare.p99), '', '', '', '', '1.000', String(bare.errors)]));
  const within = pips.whole.peakGrowthBytes <= WHOLE_LIST_GROWTH_LIMIT;
  console.log(
    `whole list of ${pips.whole.items} parts (${mb(pips.whole.bytes)} MB), one client: ` +
      `PIPS ${pips.whole.requestsPerSecond.toFixed(2)} req/s, server peak RSS growth ${mb(pips.whole.peakGrowthBytes)} MB ` +
      `(limit ${mb(WHOLE_LIST_GROWTH_LIMIT)} MB: ${within ? 'within' : 'OVER'}); ` +
      `floor ${floor.whole.requestsPerSecond.toFixed(2)} req/s, growth ${mb(floor.whole.peakGrowthBytes)} MB; ` +
      `PIPS/floor ${(pips.whole.requestsPerSecond / floor.whole.requestsPerSecond).toFixed(3)}`,
  );
  console.log(
    `whole list, four clients at once: PIPS ${pips.four.requestsPerSecond.toFixed(2)} req/s, growth ${mb(pips.four.peakGrowthBytes)} MB; ` +
      `floor ${floor.four.requestsPerSecond.toFixed(2)} req/s, growth ${mb(floor.four.peakGrowthBytes)} MB`,
  );
}
