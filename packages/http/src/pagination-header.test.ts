import { paginate } from '@pips/domain';
import { describe, expect, it } from 'vitest';
import { paginationHeader } from './pagination-header';

describe('paginationHeader', () => {
  it('writes compact JSON with the keys in DESIGN 3 order, nulls at the ends', () => {
    expect(paginationHeader(paginate({ page: 1, perPage: 2 }, 5))).toBe(
      '{"total_entries":5,"total_pages":3,"per_page":2,"current_page":1,"first_page":true,"last_page":false,' +
        '"previous_page":null,"next_page":2,"out_of_range":false}',
    );
    expect(paginationHeader(paginate({ page: 4, perPage: 2 }, 5))).toBe(
      '{"total_entries":5,"total_pages":3,"per_page":2,"current_page":4,"first_page":false,"last_page":false,' +
        '"previous_page":3,"next_page":null,"out_of_range":true}',
    );
  });
});
