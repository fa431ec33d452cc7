import { describe, expect, it } from 'vitest';
import { parseListPartsQuery } from './list-parts-query';

describe('parseListPartsQuery', () => {
  it('asks for every part without page, per_page or filter', () => {
    expect(parseListPartsQuery({})).toEqual({ page: null, updatedSince: null });
  });

  it('reads the page and the updated_on filter', () => {
    const filter = { updated_on: { gte: '2024-01-31T12:00:00+01:00' } };
    const query = parseListPartsQuery({ page: '2', per_page: '10', filter });
    expect(query.page).toEqual({ page: 2, perPage: 10 });
    expect(query.updatedSince?.toISOString()).toBe('2024-01-31T11:00:00.000Z');
  });

  it('takes a blank filter value as no filter', () => {
    expect(parseListPartsQuery({ filter: { updated_on: { gte: '' } } }).updatedSince).toBeNull();
    expect(parseListPartsQuery({ filter: '' }).updatedSince).toBeNull();
  });

  const unsupported = (name: string) => `Unsupported filter ${name}: parts are filtered by filter[updated_on][gte] only`;
  const badTime = 'filter[updated_on][gte] must be an ISO 8601 timestamp with its offset, such as 2024-01-31T12:00:00+00:00 (send + as %2B)';
  const at = '2024-01-31T12:00:00Z';

  it.each([
    [{ filter: { updated_on: { lt: at } } }, unsupported('filter[updated_on][lt]')],
    [{ filter: { updated_on: { gte: at, lte: at } } }, unsupported('filter[updated_on][lte]')],
    [{ filter: { created_on: { gte: at } } }, unsupported('filter[created_on]')],
    [{ filter: { updated_on: at } }, unsupported('filter[updated_on]')],
    [{ filter: 'x' }, unsupported('filter')],
    [{ filter: { updated_on: { gte: 'yesterday' } } }, badTime],
    [{ filter: { updated_on: { gte: '2024-01-31T12:00:00 01:00' } } }, badTime],
    [{ filter: { updated_on: { gte: ['a'] } } }, badTime],
  ])('refuses %j with a 400 naming it', (query, message) => {
    expect(() => parseListPartsQuery(query)).toThrow(expect.objectContaining({ code: 'bad_request', messages: [message] }));
  });
});
