import { startBaseline } from './baseline';
import { compareAnswers, maskCreated, type Answer } from './compare';
import { startFloor, type Captured } from './floor';
import { measure, type Figures, type Load } from './measure';
import { seedParts } from './seed-parts';
import { engines, seed, startServer, TOKEN, type Engine } from './server';
import { checkTargets, missed, TARGET_NAMES, WHOLE_LIST_GROWTH_LIMIT, type EngineRun, type TargetName } from './targets';
import { measureWholeList, type WholeList } from './whole-list';

const load: Load = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
};
/** Each target runs this long unmeasured first, so both servers are measured warm (JIT, prepared statements). */
const warmUp: Load = { seconds: Math.min(1, load.seconds), connections: load.connections };
const UNITS = Number(process.env.BENCH_UNITS ?? 100);
const PARTS = Number(process.env.BENCH_PARTS ?? 10_000);
const API = `/api/v2/${TOKEN}`;

/** The GET targets: what each is called in the table, and its path with query. */
interface GetTarget {
  name: Exclude<TargetName, 'create manufacturer'> | 'whole list';
  label: string;
  path: string;
}

const LABELS: Record<TargetName, string> = {
  'show unit': 'show unit',
  'list units': `list ${UNITS} units`,
  'show part': 'show part',
  'list parts': 'list 100 parts',
  'create manufacturer': 'create manufacturer',
};

function getTargets(showUnitPath: string, showPartPath: string): GetTarget[] {
  return [
    { name: 'show unit', label: LABELS['show unit'], path: showUnitPath },
    { name: 'list units', label: LABELS['list units'], path: `${API}/unit` },
    { name: 'show part', label: LABELS['show part'], path: showPartPath },
    { name: 'list parts', label: LABELS['list parts'], path: `${API}/part?page=1&per_page=100` },
    { name: 'whole list', label: `whole list of ${PARTS} parts`, path: `${API}/part` },
  ];
}

const manufacturerBody = (name: string) => `<manufacturer><name>${name}</name></manufacturer>`;

async function answer(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, { ...init, headers: { accept: 'application/xml', 'content-type': 'application/xml' } });
  return { status: response.status, body: await response.text(), pagination: response.headers.get('x-pagination') };
}

/** Every target's answer from one server; the created manufacturer's with its id, times and name masked. */
async function answers(url: string, targets: readonly GetTarget[], side: string): Promise<Map<string, Answer & { path: string }>> {
  const all = new Map<string, Answer & { path: string }>();
  for (const target of targets) all.set(target.label, { ...(await answer(url + target.path)), path: target.path });
  const name = `bench compare ${side} ${Date.now()}`;
  const created = await answer(`${url}${API}/manufacturer`, { method: 'POST', body: manufacturerBody(name) });
  all.set(LABELS['create manufacturer'], { ...created, body: maskCreated(created.body, name), path: `${API}/manufacturer` });
  return all;
}

interface Side {
  figures: Partial<Record<TargetName, Figures>>;
  whole: WholeList;
  four: WholeList;
}

/**
 * Every target on one server, the same way for PIPS and its floor, each after a warm-up; the
 * create last, as it adds rows.
 */
async function measureSide(server: { url: string; pid: number | undefined }, targets: readonly GetTarget[], side: string): Promise<Side> {
  if (server.pid === undefined) throw new Error(`the ${side} server has no pid to read its memory from`);
  const figures: Partial<Record<TargetName, Figures>> = {};
  let whole: WholeList | undefined;
  let four: WholeList | undefined;
  for (const target of targets) {
    if (target.name !== 'whole list') {
      await measure(server.url + target.path, warmUp);
      figures[target.name] = await measure(server.url + target.path, load);
      continue;
    }
    await measureWholeList(server.url + target.path, server.pid, 'part', { rounds: 1, concurrent: 1 });
    // The target is one reader's download; four at once show how it scales (reported, no limit).
    whole = await measureWholeList(server.url + target.path, server.pid, 'part', { rounds: 3, concurrent: 1 });
    four = await measureWholeList(server.url + target.path, server.pid, 'part', { rounds: 1, concurrent: 4 });
  }
  const stamp = `${side} ${Date.now()}`;
  let n = 0;
  const create = { body: () => manufacturerBody(`bench load ${stamp} ${n++}`) };
  await measure(`${server.url}${API}/manufacturer`, warmUp, create);
  figures['create manufacturer'] = await measure(`${server.url}${API}/manufacturer`, load, create);
  if (!whole || !four) throw new Error('the whole list was not measured');
  return { figures, whole, four };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const ratio = (a: Figures | undefined, b: Figures | undefined) =>
  a && b && b.requestsPerSecond > 0 ? (a.requestsPerSecond / b.requestsPerSecond).toFixed(3) : '-';
const rps = (f: Figures | undefined) => (f ? f.requestsPerSecond.toFixed(0) : '-');
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

function printTable(engine: string, pips: Side, floor: Side, bare: Figures) {
  console.log(`\n${engine}`);
  console.log(line(COLUMNS.map(([title]) => title)));
  for (const name of TARGET_NAMES) {
    const p = pips.figures[name];
    const f = floor.figures[name];
    console.log(
      line([
        LABELS[name],
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

const measured = (figures: Partial<Record<TargetName, Figures>>) =>
  Object.fromEntries(Object.entries(figures).map(([name, f]) => [name, { requestsPerSecond: f.requestsPerSecond, errors: f.errors }]));

/**
 * One engine: PIPS seeded and measured, then stopped; its floor started on the same data, checked
 * to answer the same documents, and measured the same way; then bare node:http.
 */
async function runEngine(engine: Engine, failures: string[]): Promise<EngineRun> {
  const prepared = engine.prepare();
  try {
    const server = await startServer(prepared);
    let targets: GetTarget[];
    let expected: Map<string, Answer & { path: string }>;
    let pips: Side;
    try {
      const started = performance.now();
      const { showPath, firstUnitId } = await seed(server.url, UNITS);
      const partPath = await seedParts(server.url, PARTS, firstUnitId);
      console.log(`${engine.name}: seeded ${UNITS} units and ${PARTS} parts in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      targets = getTargets(showPath, partPath);
      expected = await answers(server.url, targets, 'pips');
      pips = await measureSide(server, targets, 'PIPS');
    } finally {
      await server.stop();
    }

    const documents: Record<string, Captured> = {};
    for (const { path, body, pagination } of expected.values()) documents[path] = { body, pagination };
    const floorServer = await startFloor(engine.name, prepared, documents);
    let floor: Side;
    try {
      const actual = await answers(floorServer.url, targets, 'floor');
      for (const [label, pipsAnswer] of expected) {
        const difference = compareAnswers(label, pipsAnswer, actual.get(label) ?? { status: 0, body: '', pagination: null });
        if (difference) throw new Error(`${engine.name} ${difference}`);
      }
      floor = await measureSide(floorServer, targets, 'floor');
    } finally {
      await floorServer.stop();
    }

    const baseline = await startBaseline(expected.get(LABELS['show unit'])!.body);
    let bare: Figures;
    try {
      bare = await measure(baseline.url, load);
    } finally {
      await baseline.stop();
    }

    printTable(engine.name, pips, floor, bare);
    for (const [side, figures] of [
      ['PIPS', pips],
      ['floor', floor],
    ] as const) {
      if (figures.whole.items !== PARTS) failures.push(`${engine.name}: ${side}'s whole list held ${figures.whole.items} parts, not ${PARTS}`);
    }
    return {
      engine: engine.name,
      pips: measured(pips.figures),
      floor: measured(floor.figures),
      bare: { requestsPerSecond: bare.requestsPerSecond, errors: bare.errors },
      wholeListGrowthBytes: pips.whole.peakGrowthBytes,
    };
  } finally {
    prepared.cleanup();
  }
}

async function main() {
  console.log(`load: ${load.connections} connections, ${load.seconds} s per target; ${UNITS} units, ${PARTS} parts seeded`);
  const failures: string[] = [];
  const runs: EngineRun[] = [];
  for (const engine of engines()) runs.push(await runEngine(engine, failures));

  console.log('\ntargets');
  const checks = checkTargets(runs);
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
