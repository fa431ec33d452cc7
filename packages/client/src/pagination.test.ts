import { describe, expect, it } from 'vitest';
import { DecodeError } from './codec/decoders';
import { parsePagination, walkPages, type Page } from './pagination';

const header = {
  total_entries: 5,
  total_pages: 3,
  per_page: 2,
  current_page: 1,
  first_page: true,
  last_page: false,
  previous_page: null,
  next_page: 2,
  out_of_range: false,
};

describe('parsePagination', () => {
  it('reads the X-Pagination header', () => {
    expect(parsePagination(JSON.stringify(header))).toEqual(header);
  });

  it.each([
    ['absent', null],
    ['not JSON', 'page 1'],
    ['a list', '[1]'],
    ['a count as text', JSON.stringify({ ...header, total_entries: '5' })],
    ['a negative count', JSON.stringify({ ...header, per_page: -1 })],
    ['a flag as text', JSON.stringify({ ...header, last_page: 'no' })],
    ['a next page as text', JSON.stringify({ ...header, next_page: 'two' })],
  ])('refuses one %s', (_, value) => {
    expect(() => parsePagination(value)).toThrow(DecodeError);
  });
});

describe('walkPages', () => {
  const pages: Record<number, Page<string>> = {
    1: { items: ['a', 'b'], pagination: header },
    2: { items: ['c', 'd'], pagination: { ...header, current_page: 2, next_page: 3 } },
    3: { items: ['e'], pagination: { ...header, current_page: 3, next_page: null } },
  };

  it('yields every item, asking for a page only when the last one is used up', async () => {
    const asked: number[] = [];
    const walk = walkPages(async (page) => {
      asked.push(page);
      return pages[page]!;
    });
    expect((await walk.next()).value).toBe('a');
    expect(asked).toEqual([1]);
    const rest = [];
    for await (const item of walk) rest.push(item);
    expect([rest, asked]).toEqual([['b', 'c', 'd', 'e'], [1, 2, 3]]);
  });

  it('stops on a next page that does not move forward, rather than loop', async () => {
    const walk = walkPages(async () => ({ items: ['a'], pagination: { ...header, next_page: 1 } }));
    await expect(async () => {
      for await (const item of walk) void item;
    }).rejects.toThrow(/next_page: expected a page after 1/);
  });
});
