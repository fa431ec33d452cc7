import { describe, expect, it } from 'vitest';
import { parsePurchaseOrderQuery } from './list-purchase-orders-query';

const refused = (query: Record<string, unknown>, message: string) =>
  expect(() => parsePurchaseOrderQuery(query)).toThrow(expect.objectContaining({ code: 'bad_request', messages: [message] }));

describe('parsePurchaseOrderQuery', () => {
  it('asks for every order, of any status and day, when nothing is given', () => {
    expect(parsePurchaseOrderQuery({})).toEqual({ page: null, status: null, days: null });
    expect(parsePurchaseOrderQuery({ status: '', start_date: ' ', end_date: '' })).toEqual({ page: null, status: null, days: null });
  });

  it('reads a status, a range of days and a page', () => {
    expect(parsePurchaseOrderQuery({ status: 'open', start_date: '2026-03-01', end_date: '2026-03-31', page: '2', per_page: '10' })).toEqual({
      status: 'open',
      days: { start: '2026-03-01', end: '2026-03-31' },
      page: { page: 2, perPage: 10 },
    });
    expect(parsePurchaseOrderQuery({ start_date: '2026-03-01', end_date: '2026-03-01' }).days).toEqual({ start: '2026-03-01', end: '2026-03-01' });
  });

  it('refuses an unknown status with SPEC 7’s words', () => {
    refused({ status: 'shipped' }, "Invalid status 'shipped' requested.");
    refused({ status: 'Open' }, "Invalid status 'Open' requested.");
    refused({ status: ['open', 'closed'] }, "Invalid status 'open,closed' requested.");
  });

  it('refuses a status given as a hash, which parameters hold without a prototype, quoting it', () => {
    const hash = Object.create(null) as Record<string, unknown>;
    Object.defineProperty(hash, '__proto__', { value: '0', enumerable: true });
    refused({ status: hash }, 'Invalid status \'{"__proto__":"0"}\' requested.');
    refused({ status: [hash, null] }, 'Invalid status \'{"__proto__":"0"},\' requested.');
  });

  it('refuses a range with a day missing or not a day, the end looked at first', () => {
    refused({ start_date: '2026-03-01' }, 'Missing end date for date range.');
    refused({ start_date: 'nonsense' }, 'Missing end date for date range.');
    refused({ end_date: '2026-03-01' }, 'Missing start date for date range.');
    refused({ start_date: '2026-03-01', end_date: '2026-02-30' }, 'Invalid end date for date range.');
    refused({ start_date: 'March', end_date: 'April' }, 'Invalid end date for date range.');
    refused({ start_date: '2026-3-1', end_date: '2026-03-31' }, 'Invalid start date for date range.');
    refused({ start_date: '2026-04-01', end_date: '2026-03-31' }, 'Start date is after end date for date range.');
  });
});
