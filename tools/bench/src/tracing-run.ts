import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { freePort, startProcess, type Running } from './processes';
import { interleaved, type Contender } from './rounds';
import { loadOf, ROUNDS, warmUpOf } from './load-settings';
import { ratio, rps } from './request-table';
import { seedParts } from './seed-parts';
import { seed, startServer, TOKEN, type Engine, type Prepared } from './server';
import { manufacturerBody } from './write-targets';

const load = loadOf(Number(process.env.BENCH_CONNECTIONS ?? 10));
const warmUp = warmUpOf(load);
const API = `/api/v2/${TOKEN}`;

/** An OTLP/HTTP collector that takes every export and keeps nothing but a count of bytes. */
async function startSink(): Promise<{ url: string; bytes: () => number; stop: () => Promise<void> }> {
  let bytes = 0;
  const server: Server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    // An empty ExportTraceServiceResponse: every span accepted.
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, bytes: () => bytes, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A server from another build (`BENCH_TRACING_BASELINE`: a checkout's root with `apps/server/dist` built), on `prepared`'s data. */
async function startBuild(root: string, prepared: Prepared): Promise<Running> {
  const port = await freePort();
  const env = { ...prepared.env, PORT: String(port), HOST: '127.0.0.1', BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', SITE_TIMEZONE: 'UTC' };
  return startProcess(join(root, 'apps', 'server', 'dist', 'main.js'), [], env, '/readyz', port);
}


/**
 * What tracing costs (docs/decisions.md, "Traces"): PIPS with tracing off (no `OTEL_*`), and on
 * (every request sampled, exported to a local collector), side by side on the same data, taking
 * turns; with `BENCH_TRACING_BASELINE` naming a build without tracing, that build too, so "off"
 * is measured against a server with no tracing code at all. Show part, show unit and create
 * manufacturer.
 */
export async function runTracing(engine: Engine): Promise<void> {
  const prepared = engine.prepare();
  const stops: Array<() => Promise<void> | void> = [() => prepared.cleanup()];
  try {
    const seeding = await startServer(prepared);
    const { showPath, firstUnitId } = await seed(seeding.url, 10);
    const partIds = await seedParts(seeding.url, 100, firstUnitId);
    await seeding.stop();
    // PGlite is held by one process: each server gets a copy of the seeded data.
    const dataFor = (): Prepared => {
      if (!engine.copyForFloor) return prepared;
      const copy = engine.copyForFloor(prepared);
      stops.push(() => copy.cleanup());
      return copy;
    };
    const sink = await startSink();
    stops.push(() => sink.stop());
    const off = await startServer(dataFor());
    stops.push(() => off.stop());
    const onData = dataFor();
    const on = await startServer({ ...onData, env: { ...onData.env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: 'always_on' } });
    stops.push(() => on.stop());
    const baselineRoot = process.env.BENCH_TRACING_BASELINE;
    const baseline = baselineRoot ? await startBuild(baselineRoot, dataFor()) : undefined;
    if (baseline) stops.push(() => baseline.stop());

    const servers: Array<[string, Running]> = [['off', off], ['on', on], ...(baseline ? [['baseline', baseline] as [string, Running]] : [])];
    const targets: Array<{ label: string; path: string; post?: boolean }> = [
      { label: 'show part', path: `${API}/part/${partIds[partIds.length - 1]}` },
      { label: 'show unit', path: showPath },
      { label: 'create manufacturer', path: `${API}/manufacturer`, post: true },
    ];
    console.log(`\ntracing on ${engine.name}: ${load.connections} connections, ${ROUNDS} rounds of ${load.seconds} s each in turn, the median kept`);
    console.log(['target'.padEnd(20), 'off req/s', 'on req/s', 'baseline', 'on/off', 'off/baseline'].join('  '));
    const stamp = Date.now();
    for (const target of targets) {
      const contenders: Contender[] = servers.map(([name, server]) => ({
        name,
        url: server.url + target.path,
        ...(target.post && { post: { body: ((n = 0) => () => manufacturerBody(`bench tracing ${name} ${stamp} ${n++}`))() } }),
      }));
      const figures = await interleaved(contenders, load, warmUp, ROUNDS);
      const [o, n, b] = [figures.get('off'), figures.get('on'), figures.get('baseline')];
      console.log([target.label.padEnd(20), rps(o).padStart(9), rps(n).padStart(8), rps(b).padStart(8), ratio(n, o).padStart(6), ratio(o, b).padStart(12)].join('  '));
    }
    console.log(`spans exported: ${(sink.bytes() / 1024 / 1024).toFixed(1)} MB of OTLP`);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
