import { startHarness, type Harness } from '@pips/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipsClient } from '../client';
import { referenceSetting } from '../testing/reference-setting';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe('a whole list as the server streams it', () => {
  it('is read item by item: each item under the parsing limits, the list as long as it is', async () => {
    const client = createPipsClient({ baseUrl: harness.url, token: harness.token });
    // More than one batch of 500, so the answer comes as a stream of chunks.
    const names = Array.from({ length: 520 }, (_, n) => `Unit ${String(n).padStart(3, '0')} & co`);
    for (const name of names) await client.units.create({ name, description: 'x'.repeat(200) });

    // A limit far below the list's size (some 170 kB) but above one item's.
    const tight = createPipsClient({ baseUrl: harness.url, token: harness.token, limits: { maxBytes: 1024, maxElements: 10, maxDepth: 4 } });
    const units = await tight.units.list();
    expect(units.map((unit) => unit.name)).toEqual(names);

    // A single document is held to the same limits.
    const big = await client.units.create({ name: 'Big', description: 'y'.repeat(2000) });
    await expect(tight.units.show(big.id)).rejects.toMatchObject({ code: 'bad_response', messages: [expect.stringMatching(/exceeds 1024 bytes/)] });
  });

  it('asks for no more pages when the caller stops iterating, and the connection serves the next call', async () => {
    const requests: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      requests.push(new URL(String(input)).search);
      return globalThis.fetch(input, init);
    };
    const client = createPipsClient({ baseUrl: harness.url, token: harness.token, fetch });
    const setting = await referenceSetting(client, 'walk');
    for (const pn of ['A', 'B', 'C']) {
      await client.parts.create({ manufacturer_pn: pn, manufacturer_id: setting.manufacturerId, parttype_id: setting.parttypeId, unit_id: setting.eachId, revision: { revision_name: 'A' } });
    }
    requests.length = 0;
    const taken = [];
    for await (const part of client.parts.all({ per_page: 1 })) {
      taken.push(part.manufacturer_pn);
      if (taken.length === 2) break;
    }
    expect([taken, requests]).toEqual([['A', 'B'], ['?page=1&per_page=1', '?page=2&per_page=1']]);
    expect((await client.parts.list()).map((part) => part.manufacturer_pn)).toEqual(['A', 'B', 'C']);
  });
});
