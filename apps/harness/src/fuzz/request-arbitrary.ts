import type { ApiRoute } from '@pips/http';
import fc from 'fast-check';
import { bodyArbitrary, type BodyRecipe } from './body-recipes';
import { queryArbitrary } from './request-values';
import { resourceOf, type SeedData } from './seed';
import { rootsFor, type Vocabulary } from './vocabulary';

/** One request of the fuzz run, as fast-check prints it when a run fails. */
export interface FuzzRequest {
  /** Mostly the route's own; at times another the API has or no route has. */
  readonly method: string;
  /** The path under `/api/v2/:api_token`, its parameters filled, at times with a trailing slash. */
  readonly path: string;
  /** The harness token (every permission), a live token with none, or one that is no token. */
  readonly token: 'every permission' | 'no permission' | string;
  readonly query: string;
  readonly accept: string | null;
  readonly body: BodyRecipe | null;
}

/** Query names the API reads (SPEC 4, DESIGN 3, the extensions). */
const QUERY_NAMES = [
  'page', 'per_page', 'find_by', 'revision_id', 'id', 'copy_subparts', 'filter[updated_on][gte]', 'status', 'start_date', 'end_date',
  'content_disposition', 'field0', 'comparison0', 'term0', 'field1', 'term1', 'levels', 'manufacturer_id', 'vendor_id',
  'bypass_part_ancestor_up_rev_guard',
];

/** Path parameters no record has: out of range, not numbers, escapes broken and whole. */
const STRANGE_IDS = [
  '0', '-1', '2147483647', '2147483648', '99999999999999999999', '1.5', '1e3', '%201', '+1', '01', 'abc', '%zz', '%', '%00', 'a%00b',
  '%C3%A9', '%ED%A0%80', '%F0%9F%98%80', '..', '%2E%2E', '%2F', 'null', 'undefined', '__proto__', 'constructor', '%20',
];

/** Characters a request line may carry as they are; the rest are percent-encoded. */
const urlSafe = (text: string) => text.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%[\]]/g, (char) => encodeURIComponent(char));

/**
 * A path parameter: mostly a seeded record of the resource it names (under `:part_id`, often the
 * part that record belongs to), else a strange id, any number, a part number or any text.
 */
function pathArbitrary(route: ApiRoute, data: SeedData): fc.Arbitrary<string> {
  const params = route.path.split('/').filter((segment) => segment.startsWith(':'));
  const all = [...data.records.values()].flat();
  const choice = (param: string) => {
    const pool = data.records.get(resourceOf(route.path, param)) ?? all;
    return fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...(pool.length > 0 ? pool : all)).map((record) => ({ id: record.id, partId: record.partId })) },
      { weight: 1, arbitrary: fc.constantFrom(...STRANGE_IDS).map((id) => ({ id, partId: undefined })) },
      { weight: 1, arbitrary: fc.nat(40).map((n) => ({ id: String(n), partId: undefined })) },
      { weight: 1, arbitrary: fc.constantFrom(...data.partnumbers).map((id) => ({ id, partId: undefined })) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).map((id) => ({ id: encodeURIComponent(id), partId: undefined })) },
    );
  };
  return fc.tuple(...params.map(choice), fc.nat(3)).map((chosen) => {
    const owner = chosen.slice(0, -1).map((c) => (c as { partId?: string }).partId).find((id) => id !== undefined);
    const followOwner = (chosen.at(-1) as number) > 0;
    let path = route.path;
    params.forEach((param, i) => {
      const picked = chosen[i] as { id: string };
      path = path.replace(param, param === ':part_id' && owner !== undefined && followOwner ? owner : picked.id);
    });
    return path;
  });
}

/** Requests for `route`: its method and path, filled; any token, query, Accept header and body. */
export function requestArbitrary(route: ApiRoute, data: SeedData, words: Vocabulary): fc.Arbitrary<FuzzRequest> {
  const roots = rootsFor(route);
  return fc.record({
    method: fc.oneof({ weight: 14, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') }),
    path: fc.tuple(pathArbitrary(route, data), fc.nat(7)).map(([path, slash]) => (slash === 0 ? `${path}/` : path)),
    token: fc.oneof(
      { weight: 12, arbitrary: fc.constant('every permission') },
      { weight: 1, arbitrary: fc.constant('no permission') },
      { weight: 1, arbitrary: fc.constantFrom('not-a-token', '', '%00', 'harness%20') },
    ),
    query: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: queryArbitrary(roots, words, QUERY_NAMES).map(urlSafe) }),
    accept: fc.constantFrom(null, 'application/xml', 'application/json', 'text/html', '*/*'),
    body: bodyArbitrary(roots, words, QUERY_NAMES),
  });
}
