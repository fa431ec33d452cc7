import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runToEnd, SERVER_CLI } from './test-processes';

/** What the load was told was done, in the order the answers came. */
export interface Acknowledged {
  /** Manufacturers created, by name. */
  readonly manufacturers: string[];
  /** Units made by a split, by id. */
  readonly splits: string[];
  /** Quantities an adjust set on the first unit. */
  readonly adjusts: string[];
  /** Attachments made (id → md5 of the file attached). */
  readonly attachments: Map<string, string>;
  /** Attachments removed again, by id. */
  readonly detached: Set<string>;
}

/** What has been acknowledged up to a moment: the lengths of each list then. */
export interface AckMark {
  readonly manufacturers: number;
  readonly splits: number;
  readonly adjusts: number;
  readonly attachments: ReadonlySet<string>;
  readonly detached: ReadonlySet<string>;
}

export const mark = (acked: Acknowledged): AckMark => ({
  manufacturers: acked.manufacturers.length,
  splits: acked.splits.length,
  adjusts: acked.adjusts.length,
  attachments: new Set(acked.attachments.keys()),
  detached: new Set(acked.detached),
});

export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
export const idOf = (xml: string) => /<id>(\d+)<\/id>/.exec(xml)![1]!;

/** Every file under `dir` (the embedded default's blob store, temp folder aside): its path, md5 and mode. */
export async function blobFiles(dir: string): Promise<Array<{ path: string; md5: string; mode: number }>> {
  const found = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || path.startsWith(join(dir, 'tmp'))) continue;
    found.push({ path, md5: md5(await readFile(path)), mode: (await stat(path)).mode & 0o777 });
  }
  return found;
}

/** A call to the API with the token `t`; an answer other than 200 fails the load. */
export async function api(base: URL, path: string, method = 'GET', body?: string): Promise<string> {
  const answer = await fetch(new URL(`/api/v2/t${path}`, base), { method, ...(body !== undefined && { body, headers: { 'content-type': 'application/xml' } }) });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return text;
}

/** The data the load works on: a manufacturer to attach to, a part with one unit of stock. */
export async function seed(base: URL): Promise<{ partId: string; unitId: string; sublocationId: string }> {
  const unit = idOf(await api(base, '/unit', 'POST', '<unit><name>Each</name></unit>'));
  const maker = idOf(await api(base, '/manufacturer', 'POST', '<manufacturer><name>Seed maker</name></manufacturer>'));
  const type = idOf(await api(base, '/parttype', 'POST', '<parttype><name>Chip</name><partnumber_key>IC</partnumber_key></parttype>'));
  const location = await api(base, '/inventory_location', 'POST', '<inventory_location><name>Store</name><shortname>ST</shortname><inventory_sublocations type="array"><inventory_sublocation><name>Shelf</name><has_bins>false</has_bins></inventory_sublocation></inventory_sublocations></inventory_location>');
  const sublocationId = /<inventory_sublocation>\s*<id>(\d+)<\/id>/.exec(location)![1]!;
  const partId = idOf(await api(base, '/part', 'POST', `<part><manufacturer_pn>P-1</manufacturer_pn><manufacturer_id>${maker}</manufacturer_id><parttype_id>${type}</parttype_id><unit_id>${unit}</unit_id><revision><revision_name>A</revision_name></revision></part>`));
  const unitId = idOf(await api(base, `/parts/${partId}/inventory_units`, 'POST', `<inventory_unit><inventory_sublocation_id>${sublocationId}</inventory_sublocation_id><unit_id>${unit}</unit_id><quantity>100000</quantity><cost_per_unit>0.125</cost_per_unit></inventory_unit>`));
  return { partId, unitId, sublocationId };
}

/**
 * Creates, adjusts, splits and attaches (every third attachment detached again), until `stop()`
 * is called; each acknowledged write is recorded as its answer arrives. Attaches run the CLI, a
 * process each, so the API's writes (a create, an adjust and a split a round) keep pace with them,
 * at most five rounds ahead of each attach, so the data stays small enough to compare whole.
 */
export function startLoad(base: URL, env: Record<string, string>, dir: string, seeded: { partId: string; unitId: string; sublocationId: string }) {
  const acked: Acknowledged = { manufacturers: [], splits: [], adjusts: [], attachments: new Map(), detached: new Set() };
  let stopped = false;
  let attaches = 0;
  let waiting: Array<() => void> = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resume of woken) resume();
  };
  const unit = `/parts/${seeded.partId}/inventory_units/${seeded.unitId}`;
  const loop = async (step: (n: number) => Promise<void>) => {
    try {
      for (let n = 1; !stopped; n++) await step(n);
    } catch (error) {
      stopped = true;
      wake();
      throw error;
    }
  };
  const rounds = loop(async (n) => {
    while (!stopped && n > 5 * (attaches + 2)) await new Promise<void>((resume) => waiting.push(resume));
    if (stopped) return;
    const name = `Maker ${n} ${'x'.repeat(n % 7)}`;
    const stock = async () => {
      const quantity = `${100000 + n}.5`;
      await api(base, `${unit}/adjust_quantity`, 'PUT', `<inventory_unit><quantity>${quantity}</quantity><inventory_record><comment>adjust ${n}</comment></inventory_record></inventory_unit>`);
      acked.adjusts.push(quantity);
      const made = await api(base, `${unit}/split`, 'POST', `<inventory_unit><inventory_sublocation_id>${seeded.sublocationId}</inventory_sublocation_id><quantity>1.25</quantity><inventory_record><comment>split ${n}</comment></inventory_record></inventory_unit>`);
      // The split answers both units: the one split and the new one.
      acked.splits.push([...made.matchAll(/<id>(\d+)<\/id>/g)].map((m) => m[1]!).find((id) => id !== seeded.unitId)!);
    };
    const create = async () => {
      await api(base, '/manufacturer', 'POST', `<manufacturer><name>${name}</name><website>https://m${n}.example</website></manufacturer>`);
      acked.manufacturers.push(name);
    };
    await Promise.all([create(), stock()]);
  });
  const files = loop(async (n) => {
    const bytes = randomBytes(1 + ((n * 7919) % 300_000));
    const file = join(dir, `load-${n}.bin`);
    await writeFile(file, bytes);
    const done = await runToEnd(process.execPath, [SERVER_CLI, 'attach', '--parent', 'manufacturer/1', '--title', `File ${n}`, file], env);
    if (done.code !== 0) throw new Error(`attach: ${done.stderr}`);
    const id = /^attachment (\d+):/.exec(done.stdout)![1]!;
    acked.attachments.set(id, md5(bytes));
    if (n % 3 === 0) {
      const gone = await runToEnd(process.execPath, [SERVER_CLI, 'detach', id], env);
      if (gone.code !== 0) throw new Error(`detach: ${gone.stderr}`);
      acked.detached.add(id);
    }
    attaches += 1;
    wake();
  });
  const loops = Promise.all([rounds, files]);
  return {
    acked,
    async stop() {
      stopped = true;
      wake();
      await loops;
    },
    /** Resolves with the error of a loop that failed (which stops the others), or null once stopped. */
    failed: loops.then(
      () => null,
      (error: unknown) => error,
    ),
  };
}
