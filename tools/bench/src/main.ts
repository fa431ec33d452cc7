import { startBaseline } from './baseline';
import { measure, type Figures, type Load } from './measure';
import { seedParts } from './seed-parts';
import { engines, seed, startServer, TOKEN } from './server';
import { measureWholeList } from './whole-list';

const load: Load = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
};
const UNITS = Number(process.env.BENCH_UNITS ?? 100);
const PARTS = Number(process.env.BENCH_PARTS ?? 10_000);
/** The whole list must stream: the server's memory may grow this much while clients read it. */
const WHOLE_LIST_GROWTH_LIMIT = 50 * 1024 * 1024;

const row = (label: string, f: Figures, baseline?: Figures) =>
  [
    label.padEnd(32),
    f.requestsPerSecond.toFixed(0).padStart(8),
    String(f.p50).padStart(6),
    String(f.p90).padStart(6),
    String(f.p99).padStart(6),
    (baseline ? (f.requestsPerSecond / baseline.requestsPerSecond).toFixed(3) : '1.000').padStart(8),
    String(f.errors).padStart(7),
  ].join(' ');

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main() {
  console.log(`load: ${load.connections} connections, ${load.seconds} s per route; ${UNITS} units, ${PARTS} parts seeded`);
  console.log(['target'.padEnd(32), 'req/s'.padStart(8), 'p50ms', ' p90ms', ' p99ms', '  ratio', ' errors'].join(' '));
  const failures: string[] = [];
  for (const engine of engines()) {
    const prepared = engine.prepare();
    const server = await startServer(prepared).catch((error: unknown) => {
      prepared.cleanup();
      throw error;
    });
    try {
      const showPath = await seed(server.url, UNITS);
      const showBody = await (await fetch(server.url + showPath)).text();
      const baseline = await startBaseline(showBody);
      try {
        const bare = await measure(baseline.url, load);
        console.log(row(`bare node:http (${engine.name} run)`, bare));
        const show = await measure(server.url + showPath, load);
        console.log(row(`${engine.name} show unit`, show, bare));
        const list = await measure(`${server.url}/api/v2/${TOKEN}/unit`, load);
        console.log(row(`${engine.name} list ${UNITS} units`, list, bare));

        const partPath = await seedParts(server.url, PARTS);
        console.log(row(`${engine.name} show part`, await measure(server.url + partPath, load), bare));
        const page = await measure(`${server.url}/api/v2/${TOKEN}/part?page=1&per_page=100`, load);
        console.log(row(`${engine.name} list 100 parts`, page, bare));
        if (server.pid === undefined) throw new Error('the server has no pid to read its memory from');
        const listUrl = `${server.url}/api/v2/${TOKEN}/part`;
        // The target is one reader's download; four at once show how it scales (reported, no limit).
        const whole = await measureWholeList(listUrl, server.pid, 'part', { rounds: 3, concurrent: 1 });
        const within = whole.peakGrowthBytes <= WHOLE_LIST_GROWTH_LIMIT;
        console.log(
          `${engine.name} whole list of ${whole.items} parts (${mb(whole.bytes)} MB), one client: ${whole.requestsPerSecond.toFixed(2)} req/s, ` +
            `server peak RSS growth ${mb(whole.peakGrowthBytes)} MB (limit ${mb(WHOLE_LIST_GROWTH_LIMIT)} MB: ${within ? 'within' : 'OVER'})`,
        );
        const four = await measureWholeList(listUrl, server.pid, 'part', { rounds: 1, concurrent: 4 });
        console.log(
          `${engine.name} whole list, four clients at once: ${four.requestsPerSecond.toFixed(2)} req/s, server peak RSS growth ${mb(four.peakGrowthBytes)} MB`,
        );
        if (whole.items !== PARTS) failures.push(`${engine.name}: the whole list held ${whole.items} parts, not ${PARTS}`);
        if (!within) failures.push(`${engine.name}: whole list grew the server by ${mb(whole.peakGrowthBytes)} MB`);
      } finally {
        await baseline.stop();
      }
    } finally {
      await server.stop();
      prepared.cleanup();
    }
  }
  if (failures.length > 0) {
    console.error(`targets missed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
