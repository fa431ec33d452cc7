import { apiRouteList } from '@pips/http';
import { describe, expect, it } from 'vitest';
import { download } from './attachment-fixtures';
import { get, request, type Endpoint, type Reply } from './client';
import { expectMessage, expectStatus, show } from './expect-xml';
import { readRequests, readWorld, type ReadRequest, type ReadWorld } from './read-requests';
import { targets } from './suite';
import { writeRequests } from './write-requests';

const READ_ONLY = 'This token is read-only: it cannot change data';

const routes = apiRouteList().map((route) => ({ ...route, key: `${route.method} ${route.path}` }));
const writeRoutes = routes.filter((route) => route.method !== 'GET').map((route) => route.key);
const readRoutes = routes.filter((route) => route.method === 'GET').map((route) => route.key);

/** The read routes' keys, which do not depend on the records a world holds. */
const readKeys = Object.keys(readRequests({ ids: {}, assembly: {}, child: {}, days: ['', ''] } as unknown as ReadWorld));

/** What the reads answer the all-permissions token: status, X-Pagination and body of each. */
async function observe(target: Endpoint, paths: readonly string[]): Promise<string[]> {
  const seen: string[] = [];
  for (const path of paths) {
    const [route, query] = path.split('?');
    const reply = await get(target, route!, query === undefined ? {} : { query });
    seen.push(`${path} ${reply.status} ${reply.headers.get('x-pagination') ?? ''}\n${reply.text}`);
  }
  return seen;
}

const read = (target: Endpoint, request: ReadRequest, token: string): Promise<Reply> =>
  get(target, request.path, { token, ...(request.query === undefined ? {} : { query: request.query }) });

describe('the walk covers the route table', () => {
  it('has a request that changes data for every write route, and one for no route that is gone', () => {
    expect(writeRoutes.length).toBeGreaterThan(0);
    expect(writeRoutes.filter((key) => !Object.hasOwn(writeRequests, key)), 'write routes without a request').toEqual([]);
    expect(Object.keys(writeRequests).filter((key) => !writeRoutes.includes(key)), 'requests for no route').toEqual([]);
  });

  it('has a read for every read route, and one for no route that is gone', () => {
    expect(readRoutes.filter((key) => !readKeys.includes(key)), 'read routes without a read').toEqual([]);
    expect(readKeys.filter((key) => !readRoutes.includes(key)), 'reads for no route').toEqual([]);
  });
});

describe.each(targets())('read-only tokens on $name', (target) => {
  it.each(writeRoutes)('refuse %s with 403 and change nothing, where a token that may write changes data', async (key) => {
    const setup = writeRequests[key];
    if (!setup) throw new Error(`no write request for ${key}`);
    const made = await setup(target);
    const method = key.split(' ')[0]!;
    const before = await observe(target, made.shownBy);

    const refused = await request(target, method, made.path, { ...made.options, token: target.tokens.readOnly });
    expectMessage(refused, 403, READ_ONLY);
    expect(await observe(target, made.shownBy), 'after the read-only token with every permission').toEqual(before);
    // Without permissions too: 403 (the permission's message where the route names one), nothing changed.
    expectMessage(await request(target, method, made.path, { ...made.options, token: target.tokens.readOnlyNone }), 403, /./);
    expect(await observe(target, made.shownBy), 'after the read-only token without permissions').toEqual(before);

    const allowed = await request(target, method, made.path, made.options);
    expectStatus(allowed, 200);
    expect(await observe(target, made.shownBy), `the request changed nothing with every permission: ${show(allowed)}`).not.toEqual(before);
  });

  it('read every read route as a read-write token with the same permissions does; a link one makes downloads', async () => {
    const world = await readWorld(target);
    const requests = Object.entries(readRequests(world));
    expect(requests.map(([key]) => key).sort()).toEqual([...readRoutes].sort());
    for (const [key, shown] of requests) {
      for (const [readOnly, readWrite] of [[target.tokens.readOnly, target.tokens.all], [target.tokens.readOnlyNone, target.tokens.none]] as const) {
        const [mine, theirs] = [await read(target, shown, readOnly), await read(target, shown, readWrite)];
        expect(mine.status, `${key}: ${show(mine)}`).toBe(theirs.status);
        if (!shown.madeNow) expect(mine.text, key).toBe(theirs.text);
      }
      expectStatus(await read(target, shown, target.tokens.readOnly), 200);
    }
    // The permission still counts: without view_inventory, no inventory.
    expectMessage(await get(target, '/inventory_location', { token: target.tokens.readOnlyNone }), 403, 'You need the permission "Can view inventory" (view_inventory) for this action');

    const link = await read(target, readRequests(world)['GET /attachments/:id/download_uri']!, target.tokens.readOnly);
    const uri = (link.xml?.attachment_link as Record<string, unknown> | undefined)?.uri;
    const file = await download(String(uri));
    expect([file.status, file.bytes.toString()]).toEqual([200, 'sheet']);
  });
});
