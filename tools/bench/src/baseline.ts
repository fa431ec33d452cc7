import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startProcess, type Running } from './processes';

/** A bare node:http server answering one fixed XML body: the ceiling the service is compared with. */
export async function startBaseline(body: string): Promise<Running & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pips-bench-'));
  const script = join(dir, 'baseline.mjs');
  writeFileSync(
    script,
    `import { createServer } from 'node:http';
const body = Buffer.from(${JSON.stringify(body)});
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`,
  );
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const port = await freePort();
  const running = await startProcess(script, [], { PORT: String(port) }, '/', port).catch((error: unknown) => {
    removeDir();
    throw error;
  });
  return {
    url: running.url,
    dir,
    async stop() {
      await running.stop();
      removeDir();
    },
  };
}
