import type { ApiRoute } from '@pips/http';
import type { Harness } from '../start-harness';
import { send } from './http-send';
import { resourceOf, type SeedData, type Seeded } from './seed';

const params = (path: string) => path.split('/').filter((segment) => segment.startsWith(':'));

/** Every way to fill `path`'s parameters with seeded records, a part's own records under it. */
export function seededPaths(path: string, data: SeedData): string[] {
  let filled: Array<{ path: string; partId?: string }> = [{ path }];
  // Right to left, so `:id` picks a record and `:part_id` the part it belongs to.
  for (const param of params(path).reverse()) {
    const pool: readonly Seeded[] = data.records.get(resourceOf(path, param)) ?? [];
    filled = filled.flatMap(({ path: p, partId }) =>
      pool
        .filter((record) => param !== ':part_id' || partId === undefined || record.id === partId)
        .map((record) => ({ path: p.replace(param, record.id), partId: partId ?? record.partId })),
    );
  }
  return filled.map(({ path: p }) => p);
}

export type Snapshot = ReadonlyMap<string, string>;

/** The answers (status and body) of GETs of `paths`, under the harness token. */
export async function snapshot(harness: Harness, paths: readonly string[]): Promise<Snapshot> {
  const answers = await Promise.all(
    paths.map(async (path) => {
      const answer = await send(harness.url, { method: 'GET', path: `/api/v2/${harness.token}${path}`, keepAlive: true });
      return [path, `${answer.status}\n${answer.text}`] as const;
    }),
  );
  return new Map(answers);
}

/**
 * What the data looks like through the API: the answer of every GET route, filled with every
 * seeded record. Answers that differ between two reads in a row (a download link's times follow
 * the clock) say nothing about the data and are left out.
 */
export async function snapshotPaths(harness: Harness, routes: readonly ApiRoute[], data: SeedData): Promise<string[]> {
  const paths = routes.filter((route) => route.method === 'GET').flatMap((route) => seededPaths(route.path, data));
  const [first, second] = [await snapshot(harness, paths), await snapshot(harness, paths)];
  return paths.filter((path) => first.get(path) === second.get(path));
}
