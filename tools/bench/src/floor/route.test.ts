import { describe, expect, it } from 'vitest';
import { route } from './route';

describe('route', () => {
  it('knows the bench targets under the token', () => {
    expect(route('GET', '/api/v2/bench/unit/7', 'bench')).toEqual({ kind: 'show unit', id: 7 });
    expect(route('GET', '/api/v2/bench/unit', 'bench')).toEqual({ kind: 'list units' });
    expect(route('GET', '/api/v2/bench/part/12', 'bench')).toEqual({ kind: 'show part', id: 12 });
    expect(route('GET', '/api/v2/bench/part', 'bench')).toEqual({ kind: 'list parts' });
    expect(route('GET', '/api/v2/bench/part?page=2&per_page=100', 'bench')).toEqual({ kind: 'page parts', page: 2, perPage: 100 });
    expect(route('GET', '/api/v2/bench/part?per_page=5000', 'bench')).toEqual({ kind: 'page parts', page: 1, perPage: 1000 });
    expect(route('GET', '/api/v2/bench/part?page=3', 'bench')).toEqual({ kind: 'page parts', page: 3, perPage: 25 });
    expect(route('POST', '/api/v2/bench/manufacturer', 'bench')).toEqual({ kind: 'create manufacturer' });
    expect(route('POST', '/api/v2/bench/part', 'bench')).toEqual({ kind: 'create part' });
    expect(route('POST', '/api/v2/bench/subpart', 'bench')).toEqual({ kind: 'add bill line' });
    expect(route('PUT', '/api/v2/bench/part/12', 'bench')).toEqual({ kind: 'update part', id: 12 });
    expect(route('GET', '/readyz', 'bench')).toEqual({ kind: 'ready' });
    expect(route('GET', '/api/v2/bench/events?after=2000&limit=1000', 'bench')).toEqual({ kind: 'events', after: 2000, limit: 1000, type: null });
    expect(route('GET', '/api/v2/bench/events', 'bench')).toEqual({ kind: 'events', after: 0, limit: 100, type: null });
    expect(route('GET', '/api/v2/bench/events?type=unit.created', 'bench')).toEqual({ kind: 'events', after: 0, limit: 100, type: 'unit.created' });
    expect(route('PUT', '/api/v2/bench/parts/3/inventory_units/9/adjust_quantity', 'bench')).toEqual({ kind: 'adjust unit', partId: 3, id: 9 });
    expect(route('POST', '/api/v2/bench/parts/3/inventory_units/9/split', 'bench')).toEqual({ kind: 'split unit', partId: 3, id: 9 });
    expect(route('POST', '/api/v2/bench/parts/3/revisions/9/release?bypass_part_ancestor_up_rev_guard=true', 'bench')).toEqual({
      kind: 'release revision',
      partId: 3,
      id: 9,
    });
  });

  it('serves nothing else', () => {
    for (const [method, url] of [
      ['GET', '/api/v2/other/unit/7'],
      ['GET', '/api/v2/bench/unit/abc'],
      ['GET', '/api/v2/bench/unit/2147483648'],
      ['GET', '/api/v2/bench/unit/7/x'],
      ['GET', '/api/v2/bench/vendor'],
      ['GET', '/api/v2/bench/part?page=0'],
      ['GET', '/api/v2/bench/events?limit=1001'],
      ['GET', '/api/v2/bench/events?limit=0'],
      ['GET', '/api/v2/bench/events?after=-1'],
      ['GET', '/api/v2/bench/events?type=unit'],
      ['GET', '/api/v2/bench/events/1'],
      ['POST', '/api/v2/bench/events'],
      ['POST', '/api/v2/bench/parts/3/revisions/9/release'],
      ['GET', '/api/v2/bench/parts/3/revisions/9/release?bypass_part_ancestor_up_rev_guard=true'],
      ['DELETE', '/api/v2/bench/unit/7'],
      ['POST', '/api/v2/bench/manufacturer/1'],
      ['GET', '/api/v2/bench/manufacturer'],
      ['POST', '/api/v2/bench/part/12'],
      ['POST', '/api/v2/bench/subpart/3'],
      ['POST', '/api/v2/bench/toString'],
      ['PUT', '/api/v2/bench/part'],
      ['PUT', '/api/v2/bench/part/abc'],
      ['PUT', '/api/v2/bench/manufacturer/1'],
      ['POST', '/api/v2/bench/parts/3/inventory_units/9/adjust_quantity'],
      ['PUT', '/api/v2/bench/parts/3/inventory_units/9/split'],
      ['PUT', '/api/v2/bench/parts/3/inventory_units/x/adjust_quantity'],
    ]) {
      expect(route(method!, url!, 'bench'), `${method} ${url}`).toBeNull();
    }
  });
});
