import { apiRouteList } from '@pips/http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../start-harness';
import { checkAnswer } from './answer-checks';
import { bodyOf } from './body-recipes';
import { fuzzSettings, runTimeout } from './fuzz-settings';
import { send } from './http-send';
import { requestArbitrary, type FuzzRequest } from './request-arbitrary';
import { seed, type SeedData } from './seed';
import { seededPaths, snapshot, snapshotPaths, type Snapshot } from './snapshot';
import { vocabulary, type Vocabulary } from './vocabulary';

/**
 * A bounded fuzz run over every API route (a new route is fuzzed without being named here): random
 * paths, queries, tokens and bodies against the harness, from a fixed seed. Each answer must be a
 * 2xx or a well-formed XML refusal, never a 5xx; a refusal, or any read, must leave the data as it
 * was: the harness's digest of every row is the same after as before. Every run starts from the
 * same seeded data: a request that changed it has the harness seeded again first.
 */
const routes = apiRouteList();

let harness: Harness;
let data: SeedData;
let paths: string[];
let words: Vocabulary;
/** The seeded data as the API shows it, to name what changed when the digest says something did. */
let seededAnswers: Snapshot;
let seededDigest: string;
let dirty = true;

async function digest(): Promise<string> {
  const answer = await send(harness.url, { method: 'GET', path: '/__harness/digest', keepAlive: true });
  const sha = /<sha256>([0-9a-f]{64})<\/sha256>/.exec(answer.text)?.[1];
  if (answer.status !== 200 || sha === undefined) throw new Error(`the harness gave no digest: ${answer.status} ${answer.text}`);
  return sha;
}

async function reseed(): Promise<void> {
  data = await seed(harness);
  seededDigest = await digest();
  dirty = false;
}

beforeAll(async () => {
  harness = await startHarness();
  await reseed();
  paths = await snapshotPaths(harness, routes, data);
  seededAnswers = await snapshot(harness, paths);
  words = vocabulary(data, seededAnswers);
});
afterAll(() => harness?.close());

function tokenOf(request: FuzzRequest): string {
  if (request.token === 'every permission') return harness.token;
  if (request.token === 'no permission') return data.powerless;
  return request.token;
}

/** The API answers that differ from the seeded data's, to show with a changed digest. */
async function changedAnswers(): Promise<string[]> {
  const after = await snapshot(harness, paths);
  return paths.filter((path) => after.get(path) !== seededAnswers.get(path));
}

async function run(request: FuzzRequest): Promise<void> {
  if (dirty) await reseed();
  // Whatever happens next, the next run starts from fresh data unless this one proves it unchanged.
  dirty = true;
  const body = request.body === null ? null : bodyOf(request.body);
  const headers: Record<string, string> = {};
  if (request.accept !== null) headers.accept = request.accept;
  if (body?.type != null) headers['content-type'] = body.type;
  const answer = await send(harness.url, {
    method: request.method,
    path: `/api/v2/${tokenOf(request)}${request.path}${request.query === '' ? '' : `?${request.query}`}`,
    headers,
    ...(body === null ? {} : { body: body.bytes, chunked: body.chunked }),
  });
  const refused = checkAnswer(answer, request.method);
  if (!refused && request.method !== 'GET' && request.method !== 'HEAD') return;
  if ((await digest()) !== seededDigest) {
    const what = refused ? `refused with ${answer.status}` : `a ${request.method}`;
    expect.fail(`${what}, yet the data changed; answers that differ: ${JSON.stringify(await changedAnswers())}\n${answer.text}`);
  }
  dirty = false;
}

describe('fuzzing every API route on the harness', () => {
  it('has a seeded record for every path parameter of every route, and reads every list and show', () => {
    expect(routes.filter((route) => seededPaths(route.path, data).length === 0)).toEqual([]);
    const read = new Set(paths.map((path) => path.replace(/\/\d+/g, '/:')));
    const unread = routes.filter((route) => route.method === 'GET' && !read.has(route.path.replace(/\/:\w+/g, '/:')));
    // A download link's times follow the clock, so its answer says nothing about the data.
    expect(unread.map((route) => route.path)).toEqual(['/attachments/:id/download_uri']);
  });

  describe.each(routes.map((route) => ({ ...route, name: `${route.method} ${route.path}` })))('$name', (route) => {
    it('answers 2xx or a well-formed XML refusal, and a refusal changes nothing', async () => {
      await fc.assert(fc.asyncProperty(requestArbitrary(route, data, words), run), fuzzSettings(route.name));
    }, runTimeout());
  });
});
