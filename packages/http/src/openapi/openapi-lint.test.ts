import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lintConfig, lintFromString, loadConfig, type Config, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureToken, type Clock } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { createApp } from '../create-app';
import { serve, type TestClient } from '../test-client';
import { apiDescription } from './api-description';
import type { Schema } from './form-schema';

/** The repository's lint settings: Redocly's recommended rules, less those it turns off with a reason. */
const CONFIG = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));

let config: Config;
let client: TestClient;

beforeAll(async () => {
  config = await loadConfig({ configPath: CONFIG });
  const store = createMemoryStore();
  const clock: Clock = { now: () => new Date('2016-01-25T04:11:47Z') };
  await ensureToken({ store, clock }, 'secret', 'test');
  client = await serve(createApp({ store, clock, timezone: 'UTC' }));
});
afterAll(() => client?.close());

/** Every problem the linter finds, warnings included, one line each. */
async function problems(document: Schema | string): Promise<string[]> {
  const source = typeof document === 'string' ? document : JSON.stringify(document);
  const found: NormalizedProblem[] = await lintFromString({ source, absoluteRef: fileURLToPath(new URL('./openapi.json', import.meta.url)), config });
  return found.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`);
}

describe('the description against Redocly’s recommended rules', () => {
  it('turns off only rules it gives a reason for, in the committed config', async () => {
    expect(await lintConfig({ config }), 'the config as Redocly reads it').toEqual([]);
    const lines = readFileSync(CONFIG, 'utf8').split('\n');
    expect(lines.filter((line) => /^\s*extends:/.test(line)).length).toBe(1);
    expect(lines.map((line) => line.trim())).toContain('- recommended');
    const off = lines.flatMap((line, at) => (/^\s+[\w-]+:\s*off\s*$/.test(line) ? [at] : []));
    expect(off.length).toBeGreaterThan(0);
    for (const at of off) expect(lines[at - 1]!.trim(), `${lines[at]!.trim()} says why`).toMatch(/^# \S/);
    // Nothing is made lighter than off: a rule kept is kept at the severity the ruleset gives it.
    expect(lines.filter((line) => /:\s*(warn|error)\s*$/.test(line))).toEqual([]);
  });

  it('finds nothing in the library’s document, warnings included', async () => {
    expect(await problems(apiDescription())).toEqual([]);
  });

  it('finds nothing in the document a server serves, its server the request’s origin', async () => {
    const served = await client.request('GET', '/openapi.json');
    expect(served.status).toBe(200);
    expect((JSON.parse(served.text) as { servers: unknown }).servers).toEqual([{ url: client.url, description: 'This server' }]);
    expect(await problems(served.text)).toEqual([]);
  });

  it('would fail the document for what the rules ask: a server, tag descriptions, a licence, examples of the schema’s types', async () => {
    const broken = structuredClone(apiDescription());
    delete broken.servers;
    delete (broken.tags as Schema[])[0]!.description;
    delete (broken.info as Schema).license;
    const createUnit = (broken.paths as Record<string, Record<string, Schema>>)['/api/v2/{api_token}/unit']!.post!;
    ((createUnit.requestBody as Schema).content as Record<string, Schema>)['application/xml']!.example = { name: 'Reel', allow_fractional: 'no' };
    const found = await problems(broken);
    expect(found.map((line) => line.split(' ')[1])).toEqual(
      expect.arrayContaining(['no-empty-servers', 'tag-description', 'info-license', 'no-invalid-media-type-examples']),
    );
  });
});
