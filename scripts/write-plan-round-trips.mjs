// A split's writes (a guarded update, an insert, two rows referring to it), sent three ways: one
// writable-CTE statement (what the SQL store's tx.write sends), the statements pipelined before one
// Sync, and one round trip per statement inside BEGIN/COMMIT. Prints microseconds per write, on
// PostgreSQL when DATABASE_URL is set (trust authentication; makes tables bench_t and bench_r there)
// and on an in-memory PGlite in this thread. docs/decisions.md, "Writes as plans", has the figures.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch N=1500 node scripts/write-plan-round-trips.mjs
import { Buffer } from 'node:buffer';
import net from 'node:net';
import { URL } from 'node:url';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser.js';
import { PGlite } from '@electric-sql/pglite';

const N = Number(process.env.N ?? 1500);
const SETUP = [
  'DROP TABLE IF EXISTS bench_r', 'DROP TABLE IF EXISTS bench_t',
  'CREATE TABLE bench_t (id serial primary key, v numeric(30,10) not null, s text)',
  'CREATE TABLE bench_r (id serial primary key, t_id int not null references bench_t, other int references bench_t, q numeric(30,10))',
  'INSERT INTO bench_t (v) VALUES (100000000)',
];
const CTE = `WITH g0 AS (SELECT id FROM bench_t WHERE id = $1 AND v = $2 FOR UPDATE),
s0 AS (UPDATE bench_t SET v = $3 WHERE id = $4 AND EXISTS (SELECT 1 FROM g0) RETURNING *),
s1 AS (INSERT INTO bench_t (v, s) SELECT $5::numeric, $6::text WHERE EXISTS (SELECT 1 FROM g0) RETURNING *),
s2 AS (INSERT INTO bench_r (t_id, other, q) SELECT $7::int4, (SELECT id FROM s1), $8::numeric WHERE EXISTS (SELECT 1 FROM g0) RETURNING *),
s3 AS (INSERT INTO bench_r (t_id, other, q) SELECT (SELECT id FROM s1), $9::int4, $10::numeric WHERE EXISTS (SELECT 1 FROM g0) RETURNING *)
SELECT EXISTS (SELECT 1 FROM g0), (SELECT json_agg(x) FROM s0 x), (SELECT json_agg(x) FROM s1 x), (SELECT json_agg(x) FROM s2 x), (SELECT json_agg(x) FROM s3 x)`;
const STEPS = [
  'UPDATE bench_t SET v = $1 WHERE id = $2 AND v = $3 RETURNING *',
  'INSERT INTO bench_t (v, s) VALUES ($1, $2) RETURNING *',
  "INSERT INTO bench_r (t_id, other, q) VALUES ($1, currval('bench_t_id_seq'), $2) RETURNING *",
  "INSERT INTO bench_r (t_id, other, q) VALUES (currval('bench_t_id_seq'), $1, $2) RETURNING *",
];
const cat = (parts) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const exec = (name, values) => [serialize.bind({ statement: name, values }), serialize.execute()];
const prepare = () => cat([serialize.parse({ name: 'cte', text: CTE }), ...STEPS.map((text, i) => serialize.parse({ name: `s${i}`, text })), serialize.parse({ name: 'b', text: 'BEGIN' }), serialize.parse({ name: 'c', text: 'COMMIT' }), serialize.sync()]);
let v = 100000000;
const stepValues = () => {
  const before = String(v); v -= 1;
  return [[String(v), '1', before], ['1', 'x'], ['1', '1'], ['1', '1']];
};
const cteWrite = () => { const before = String(v); v -= 1; return [cat([...exec('cte', ['1', before, String(v), '1', '1', 'x', '1', '1', '1', '1']), serialize.sync()])]; };
const pipelined = () => [cat([...stepValues().flatMap((values, i) => exec(`s${i}`, values)), serialize.sync()])];
const oneByOne = () => [cat([...exec('b', []), serialize.sync()]), ...stepValues().map((values, i) => cat([...exec(`s${i}`, values), serialize.sync()])), cat([...exec('c', []), serialize.sync()])];

function check(raw) {
  new Parser().parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (m) => { if (m.name === 'error') throw new Error(m.message); });
}

async function pgSession(url) {
  const { hostname, port, pathname, username } = new URL(url);
  const socket = net.connect(Number(port || 5432), hostname);
  await new Promise((r) => socket.once('connect', r));
  socket.setNoDelay(true);
  let waiting = null;
  const parser = new Parser();
  socket.on('data', (data) => parser.parse(data, (m) => {
    if (m.name === 'error') waiting?.fail(new Error(m.message));
    if (m.name === 'readyForQuery' && waiting) { const w = waiting; waiting = null; w.done(); }
  }));
  const send = (buf) => new Promise((done, fail) => { waiting = { done, fail }; socket.write(buf); });
  await send(serialize.startup({ user: username || 'postgres', database: pathname.slice(1) }));
  return { send, close: () => socket.end() };
}

async function measure(label, send, make) {
  for (let i = 0; i < 200; i++) for (const buf of make()) await send(buf);
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) for (const buf of make()) await send(buf);
  const us = Number(process.hrtime.bigint() - start) / 1000 / N;
  console.log(`${label.padEnd(36)} ${us.toFixed(0).padStart(6)} µs per write`);
}

async function run(engine, send, simple) {
  for (const sql of SETUP) await simple(sql);
  await send(prepare());
  await measure(`${engine}: one CTE statement`, send, cteWrite);
  await measure(`${engine}: pipelined, one Sync`, send, pipelined);
  await measure(`${engine}: a round trip each (BEGIN…COMMIT)`, send, oneByOne);
}

if (process.env.DATABASE_URL) {
  const s = await pgSession(process.env.DATABASE_URL);
  await run('postgresql', s.send, (sql) => s.send(serialize.query(sql)));
  s.close();
}
const db = await PGlite.create();
const send = async (buf) => check(await db.execProtocolRaw(buf));
await run('pglite (same thread)', send, (sql) => db.exec(sql));
await db.close();
