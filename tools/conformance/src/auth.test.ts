import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import {
  expectEmpty,
  expectList,
  expectMessage,
  expectRecord,
  expectStatus,
  idOf,
} from './expect-xml';
import { createLocation, createManufacturer, list } from './fixtures';
import { forms } from './forms';
import { outline } from './outline';
import { targets } from './suite';

const INVALID = 'Invalid API token';

describe.each(targets())('authentication on $name', (target) => {
  const bad = `not-a-token-${unique('t')}`;

  it('answers an unknown token with 401 Invalid API token', async () => {
    expectMessage(await get(target, '/manufacturer', { token: bad }), 401, INVALID);
  });

  it('answers an unknown token with 401 on unknown paths too, before routing', async () => {
    expectMessage(await get(target, '/foo', { token: bad }), 401, INVALID);
    expectMessage(await get(target, '/manufacturer/999999999', { token: bad }), 401, INVALID);
    expectMessage(await get(target, '/manufacturer/abc/def', { token: bad }), 401, INVALID);
  });

  it('answers an unknown token with 401, not 403, on inventory routes', async () => {
    expectMessage(await get(target, '/inventory_location', { token: bad }), 401, INVALID);
    expectMessage(await get(target, '/inventory_sublocation/1', { token: bad }), 401, INVALID);
  });

  it('refuses writes under an unknown token with 401 and changes nothing', async () => {
    const marker = unique('marker');
    expectMessage(
      await post(target, '/manufacturer', { token: bad, body: xmlBody('manufacturer', { name: unique('m'), short_name: marker }) }),
      401,
      INVALID,
    );
    const created = await createManufacturer(target, { short_name: 'KEEP' });
    const id = idOf(created);
    expectMessage(
      await put(target, `/manufacturer/${id}`, { token: bad, body: xmlBody('manufacturer', { short_name: 'CHANGED' }) }),
      401,
      INVALID,
    );
    expectMessage(await del(target, `/manufacturer/${id}`, { token: bad }), 401, INVALID);
    expectMessage(await post(target, '/linecard', { token: bad, query: `manufacturer_id=${id}&vendor_id=1` }), 401, INVALID);
    const all = await list(target, 'manufacturer', 'manufacturers');
    expect(all.filter((m) => m.short_name === marker)).toEqual([]);
    expect(all.find((m) => m.id === String(id))?.short_name).toBe('KEEP');
  });

  it('compares tokens exactly (case matters)', async () => {
    const token = target.tokens.all;
    const altered = token === token.toUpperCase() ? token.toLowerCase() : token.toUpperCase();
    expect(altered).not.toBe(token);
    expectMessage(await get(target, '/manufacturer', { token: altered }), 401, INVALID);
    expectMessage(await get(target, '/manufacturer', { token: `${token}x` }), 401, INVALID);
  });

  it('answers a missing token with 401', async () => {
    // /api/v2/manufacturer: the segment after /api/v2 is the token, here "manufacturer".
    expectMessage(await get(target, '/api/v2/manufacturer', { rawPath: true }), 401, INVALID);
    expectMessage(await get(target, '/api/v2//manufacturer', { rawPath: true }), 401, INVALID);
  });

  it('lets a valid token without permissions use the reference data', async () => {
    const token = target.tokens.none;
    const name = unique('mfr-none');
    const created = expectRecord(
      await post(target, '/manufacturer', { token, body: xmlBody('manufacturer', { name }) }),
      'manufacturer',
      forms.manufacturerShow,
    );
    const id = idOf(created);
    expectList(await get(target, '/manufacturer', { token }), 'manufacturers', 'manufacturer', forms.manufacturerList);
    expectRecord(await get(target, `/manufacturer/${id}`, { token }), 'manufacturer', forms.manufacturerShow);
    const updated = await put(target, `/manufacturer/${id}`, { token, body: xmlBody('manufacturer', { short_name: 'N' }) });
    expect(expectRecord(updated, 'manufacturer', forms.manufacturerShow).short_name).toBe('N');
    expectEmpty(await del(target, `/manufacturer/${id}`, { token }));
    for (const resource of ['customer', 'contact', 'vendor', 'parttype', 'unit']) {
      expectStatus(await get(target, `/${resource}`, { token }), 200);
    }
  });

  it('checks the inventory permissions per token', async () => {
    const location = idOf(await createLocation(target));
    const cases: Array<[string, number, number]> = [
      // token, GET list status, POST create status
      [target.tokens.all, 200, 200],
      [target.tokens.viewInventory, 200, 403],
      [target.tokens.manageData, 403, 200],
      [target.tokens.none, 403, 403],
    ];
    for (const [token, listStatus, createStatus] of cases) {
      expectStatus(await get(target, '/inventory_location', { token }), listStatus);
      expectStatus(await get(target, `/inventory_location/${location}`, { token }), listStatus);
      expectStatus(
        await post(target, '/inventory_location', { token, body: xmlBody('inventory_location', { name: unique('loc') }) }),
        createStatus,
      );
    }
  });

  it('needs no token for the health routes, which answer <health> with status ok, readiness with each check ok', async () => {
    const health = await get(target, '/healthz', { rawPath: true });
    expectStatus(health, 200);
    expect(JSON.parse(JSON.stringify(health.xml))).toEqual({ health: { status: 'ok' } });
    const ready = await get(target, '/readyz', { rawPath: true });
    expectStatus(ready, 200);
    const { status, ...checks } = (JSON.parse(JSON.stringify(ready.xml)) as { health: Record<string, { status: string }> & { status: string } }).health;
    expect(status).toBe('ok');
    // Every target checks its store and its blob store; the SQL engines their migration level too.
    expect(Object.keys(checks)).toEqual(expect.arrayContaining(['store', 'blobs']));
    for (const [name, check] of Object.entries(checks)) expect(check.status, name).toBe('ok');
    expect(outline(ready.text).name).toBe('health');
  });

  it('answers a prefix spelled in another case with 404, never echoing the token', async () => {
    const token = target.tokens.all;
    for (const path of [`/API/V2/${encodeURIComponent(token)}/unit`, `/Api/v2/${encodeURIComponent(token)}/unit`]) {
      const reply = await get(target, path, { rawPath: true });
      expectMessage(reply, 404, /^No route matches \[GET\]/);
      expect(reply.text, path).not.toContain(token);
    }
  });
});
