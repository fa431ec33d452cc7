// The requests section: PIPS and its floor on the same data, every read and write target measured in turn.
import { attachThroughCli, type AttachOptions } from './attach';
import { startBaseline } from './baseline';
import type { Answer } from './compare';
import { startFloorBeside, type Captured } from './floor';
import type { Figures } from './measure';
import { interleaved } from './rounds';
import { LARGE_PART, seedLargePart } from './seed-large-part';
import { seedParts } from './seed-parts';
import { seed, startServer, TOKEN, type Engine } from './server';
import { printTable, type Side } from './request-table';
import type { EngineRun, ReadName, TargetName, WriteName } from './targets';
import { sendOf, writeTargets, type WriteTarget } from './write-targets';
import { answer, expectAlike, partWrites, written } from './write-requests';
import { measureWholeList, type WholeList } from './whole-list';
import { loadOf, ROUNDS, warmUpOf } from './load-settings';

const load = loadOf(Number(process.env.BENCH_CONNECTIONS ?? 10));
const warmUp = warmUpOf(load);
const UNITS = Number(process.env.BENCH_UNITS ?? 100);
const PARTS = Number(process.env.BENCH_PARTS ?? 10_000);
const API = `/api/v2/${TOKEN}`;

/** The GET targets: what each is called in the table, and its path with query. */
interface GetTarget {
  name: ReadName | 'whole list';
  label: string;
  path: string;
}

const LABELS: Record<ReadName | WriteName, string> = {
  'show unit': 'show unit',
  'list units': `list ${UNITS} units`,
  'show part': 'show part',
  'show large part': 'show large part',
  'list parts': 'list 100 parts',
  'create manufacturer': 'create manufacturer',
  'create part': 'create part',
  'update part': 'update part',
  'add bill line': 'add bill line',
};

function getTargets(showUnitPath: string, showPartPath: string, largePartPath: string): GetTarget[] {
  return [
    { name: 'show unit', label: LABELS['show unit'], path: showUnitPath },
    { name: 'list units', label: LABELS['list units'], path: `${API}/unit` },
    { name: 'show part', label: LABELS['show part'], path: showPartPath },
    { name: 'show large part', label: LABELS['show large part'], path: largePartPath },
    { name: 'list parts', label: LABELS['list parts'], path: `${API}/part?page=1&per_page=100` },
    { name: 'whole list', label: `whole list of ${PARTS} parts`, path: `${API}/part` },
  ];
}

/** Every read target's answer from one server. */
async function answers(url: string, targets: readonly GetTarget[]): Promise<Map<string, Answer & { path: string }>> {
  const all = new Map<string, Answer & { path: string }>();
  for (const target of targets) all.set(target.label, { ...(await answer(url + target.path)), path: target.path });
  return all;
}

interface Server {
  url: string;
  pid: number | undefined;
}

/** The whole list on one server, alone: its memory is read from its pid. */
async function measureWhole(server: Server, path: string, side: string): Promise<{ whole: WholeList; four: WholeList }> {
  if (server.pid === undefined) throw new Error(`the ${side} server has no pid to read its memory from`);
  await measureWholeList(server.url + path, server.pid, 'part', { rounds: 1, concurrent: 1 });
  // The target is one reader's download; four at once show how it scales (reported, no limit).
  const whole = await measureWholeList(server.url + path, server.pid, 'part', { rounds: 3, concurrent: 1 });
  const four = await measureWholeList(server.url + path, server.pid, 'part', { rounds: 1, concurrent: 4 });
  return { whole, four };
}

/**
 * Every target on PIPS and its floor taking turns (and bare node:http beside show unit), each
 * after a warm-up; then the whole list on each alone; the create last, as it adds rows.
 */
async function measureAll(
  engine: string,
  pipsServer: Server,
  floorServer: Server,
  bareUrl: string,
  targets: readonly GetTarget[],
  writes: readonly WriteTarget[],
): Promise<{ pips: Side; floor: Side; bare: Figures }> {
  const pips: Partial<Record<TargetName, Figures>> = {};
  const floor: Partial<Record<TargetName, Figures>> = {};
  let bare: Figures | undefined;
  let wholePath: string | undefined;
  for (const target of targets) {
    if (target.name === 'whole list') {
      wholePath = target.path;
      continue;
    }
    const contenders = [
      { name: 'PIPS', url: pipsServer.url + target.path },
      { name: 'floor', url: floorServer.url + target.path },
      ...(target.name === 'show unit' ? [{ name: 'bare', url: bareUrl }] : []),
    ];
    const result = await interleaved(contenders, load, warmUp, ROUNDS);
    pips[target.name] = result.get('PIPS');
    floor[target.name] = result.get('floor');
    bare = result.get('bare') ?? bare;
  }
  if (!wholePath || !bare) throw new Error('the targets name no whole list or no show unit');
  const pipsWhole = await measureWhole(pipsServer, wholePath, 'PIPS');
  const floorWhole = await measureWhole(floorServer, wholePath, 'floor');
  // The writes after every read, so no read sees another side's writes; each answered alike first.
  for (const write of writes) expectAlike(engine, LABELS[write.name], await written(pipsServer.url, write, 'PIPS'), await written(floorServer.url, write, 'floor'));
  const stamp = Date.now();
  for (const write of writes) {
    const measured = await interleaved(
      [
        { name: 'PIPS', url: pipsServer.url + write.path(0), post: sendOf(write, `bench load PIPS ${stamp}`) },
        { name: 'floor', url: floorServer.url + write.path(0), post: sendOf(write, `bench load floor ${stamp}`) },
      ],
      load,
      warmUp,
      ROUNDS,
    );
    pips[write.name] = measured.get('PIPS');
    floor[write.name] = measured.get('floor');
  }
  return { pips: { figures: pips, ...pipsWhole }, floor: { figures: floor, ...floorWhole }, bare };
}

const measured = (figures: Partial<Record<TargetName, Figures>>) =>
  Object.fromEntries(Object.entries(figures).map(([name, f]) => [name, { requestsPerSecond: f.requestsPerSecond, errors: f.errors }]));

/** Stops what was started, last first, whatever happened. */
async function stopAll(stops: Array<() => Promise<void> | void>): Promise<void> {
  for (const stop of stops.reverse()) await stop();
}

/**
 * One engine: PIPS seeded; its floor started on the same data (a copy where one process holds
 * the data at a time), checked to answer the same documents; bare node:http beside them; then
 * every target measured on them in turn.
 */
export async function runRequests(engine: Engine, failures: string[]): Promise<EngineRun> {
  const prepared = engine.prepare();
  const stops: Array<() => Promise<void> | void> = [() => prepared.cleanup()];
  try {
    let server = await startServer(prepared);
    stops.push(() => server.stop());
    const started = performance.now();
    const { showPath, firstUnitId } = await seed(server.url, UNITS);
    const partIds = await seedParts(server.url, PARTS, firstUnitId);
    // The first part becomes the large one, listing the others but the last, which show part shows unchanged.
    // The memory engine's data is in its server alone: no attachment can come in from outside.
    const attach = engine.name === 'memory' ? null : (options: AttachOptions) => attachThroughCli(prepared.env, options);
    const large = await seedLargePart(server.url, partIds[0]!, partIds.slice(1, -1), firstUnitId, attach);
    console.log(
      `${engine.name}: seeded ${UNITS} units and ${PARTS} parts in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
        `the large part lists ${LARGE_PART.subparts} subparts and has ${LARGE_PART.units} units, ${LARGE_PART.quotes} quotes, ${large.attachments} attachments`,
    );
    const showPartPath = `${API}/part/${partIds[partIds.length - 1]}`;
    const targets = getTargets(showPath, showPartPath, large.path);
    const writes = engine.name === 'memory' ? writeTargets(null) : await partWrites(server.url, showPartPath, partIds);
    const expected = await answers(server.url, targets);

    const documents: Record<string, Captured> = {};
    for (const { path, body, pagination } of expected.values()) documents[path] = { body, pagination };
    const beside = await startFloorBeside(engine, prepared, server, stops, documents);
    server = beside.server;
    const floorServer = beside.floor;
    const actual = await answers(floorServer.url, targets);
    for (const [label, pipsAnswer] of expected) expectAlike(engine.name, label, pipsAnswer, actual.get(label));
    const baseline = await startBaseline(expected.get(LABELS['show unit'])!.body);
    stops.push(() => baseline.stop());

    const { pips, floor, bare } = await measureAll(engine.name, server, floorServer, baseline.url, targets, writes);
    printTable(engine.name, pips, floor, bare, LABELS);
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
    await stopAll(stops);
  }
}

/** What the request section's load is, as the run's first line says it. */
export const requestLoad = (): string =>
  `load: ${load.connections} connections; each target ${ROUNDS} rounds of ${load.seconds} s on each server in turn, the median kept; ` +
  `${UNITS} units, ${PARTS} parts seeded`;
