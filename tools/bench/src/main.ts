import { startBaseline } from './baseline';
import { measure, type Figures, type Load } from './measure';
import { engines, seed, startServer, TOKEN } from './server';

const load: Load = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
};
const UNITS = Number(process.env.BENCH_UNITS ?? 100);

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

async function main() {
  console.log(`load: ${load.connections} connections, ${load.seconds} s per route; ${UNITS} units seeded`);
  console.log(['target'.padEnd(32), 'req/s'.padStart(8), 'p50ms', ' p90ms', ' p99ms', '  ratio', ' errors'].join(' '));
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
      } finally {
        await baseline.stop();
      }
    } finally {
      await server.stop();
      prepared.cleanup();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
