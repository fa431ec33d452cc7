import { describe, expect, it } from 'vitest';
import { paginate, parsePageRequest } from './paging';

describe('parsePageRequest', () => {
  it('asks for no page when neither parameter is given, or per_page is 0 alone', () => {
    expect(parsePageRequest({})).toBeNull();
    expect(parsePageRequest({ page: '', per_page: ' ' })).toBeNull();
    expect(parsePageRequest({ per_page: '0' })).toBeNull();
  });

  it('fills the default of the one not given', () => {
    expect(parsePageRequest({ page: '3' })).toEqual({ page: 3, perPage: 25 });
    expect(parsePageRequest({ per_page: '10' })).toEqual({ page: 1, perPage: 10 });
    expect(parsePageRequest({ page: '2', per_page: '0' })).toEqual({ page: 2, perPage: 25 });
  });

  it('cuts per_page to 1000', () => {
    expect(parsePageRequest({ per_page: '1000' })).toEqual({ page: 1, perPage: 1000 });
    expect(parsePageRequest({ per_page: '1001' })).toEqual({ page: 1, perPage: 1000 });
    expect(parsePageRequest({ per_page: '99999' })).toEqual({ page: 1, perPage: 1000 });
  });

  it.each([
    [{ page: '0' }, 'Invalid value for parameter page: a whole number of 1 or more'],
    [{ page: '-1' }, 'Invalid value for parameter page: a whole number of 1 or more'],
    [{ page: '1.5' }, 'Invalid value for parameter page: a whole number of 1 or more'],
    [{ page: 'two' }, 'Invalid value for parameter page: a whole number of 1 or more'],
    [{ page: '99999999999' }, 'Invalid value for parameter page: a whole number of 1 or more'],
    [{ page: ['1', '2'] }, 'Invalid value for parameter page: a whole number of 1 or more'],
    [{ per_page: '-5' }, 'Invalid value for parameter per_page: a whole number of 0 or more'],
    [{ per_page: '2.5' }, 'Invalid value for parameter per_page: a whole number of 0 or more'],
  ])('refuses %j with a 400 naming it', (query, message) => {
    expect(() => parsePageRequest(query)).toThrow(expect.objectContaining({ code: 'bad_request', messages: [message] }));
  });
});

describe('paginate', () => {
  const keys = [
    'total_entries',
    'total_pages',
    'per_page',
    'current_page',
    'first_page',
    'last_page',
    'previous_page',
    'next_page',
    'out_of_range',
  ];

  it('keeps DESIGN 3 key order', () => {
    expect(Object.keys(paginate({ page: 1, perPage: 2 }, 5))).toEqual(keys);
  });

  it.each([
    // [page, perPage, total] → [total_pages, first, last, previous, next, out_of_range]
    [1, 2, 5, [3, true, false, null, 2, false]],
    [2, 2, 5, [3, false, false, 1, 3, false]],
    [3, 2, 5, [3, false, true, 2, null, false]],
    [4, 2, 5, [3, false, false, 3, null, true]],
    [9, 2, 5, [3, false, false, 8, null, true]],
    [1, 2, 4, [2, true, false, null, 2, false]],
    [1, 25, 1, [1, true, true, null, null, false]],
    [1, 25, 0, [0, true, false, null, null, true]],
    [2, 25, 0, [0, false, false, 1, null, true]],
  ] as const)('page %i of %i per page over %i entries', (page, perPage, total, expected) => {
    const p = paginate({ page, perPage }, total);
    expect([p.total_pages, p.first_page, p.last_page, p.previous_page, p.next_page, p.out_of_range]).toEqual(expected);
    expect([p.total_entries, p.per_page, p.current_page]).toEqual([total, perPage, page]);
  });
});
