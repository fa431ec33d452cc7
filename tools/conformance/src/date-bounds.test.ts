import { describe, expect, it } from 'vitest';
import { get } from './client';
import { expectMessage, expectStatus } from './expect-xml';
import { targets } from './suite';

const since = (iso: string) => `${encodeURIComponent('filter[updated_on][gte]')}=${encodeURIComponent(iso)}`;

/**
 * Days and timestamps at the ends of what four-digit years write (0001 to 9999) are read alike on
 * every engine; year 0000, which PostgreSQL does not read, is refused before any store sees it.
 */
describe.each(targets())('days and timestamps at the ends of the calendar on $name', (target) => {
  it('list purchase orders of the first and the last day', async () => {
    for (const day of ['0001-01-01', '9999-12-31']) {
      const reply = await get(target, '/purchase_orders', { query: `start_date=${day}&end_date=${day}` });
      expectStatus(reply, 200);
      expect(reply.xml?.purchase_orders, reply.text).toEqual([]);
    }
  });

  it('refuse the day 0000-01-01 as no day', async () => {
    expectMessage(await get(target, '/purchase_orders', { query: 'start_date=0000-01-01&end_date=0000-01-01' }), 400, 'Invalid end date for date range.');
  });

  it('filter parts from the first and the last instant, and refuse one in year 0000', async () => {
    expectStatus(await get(target, '/part', { query: since('0001-01-01T00:00:00Z') }), 200);
    const last = await get(target, '/part', { query: since('9999-12-31T23:59:59Z') });
    expectStatus(last, 200);
    expect(last.xml?.parts, last.text).toEqual([]);
    for (const iso of ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00', '9999-12-31T23:00:00-02:00']) {
      expectMessage(await get(target, '/part', { query: since(iso) }), 400, /^filter\[updated_on\]\[gte\] must be/);
    }
  });
});
