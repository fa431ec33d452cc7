import { describe, expect, it } from 'vitest';
import { eventPayload } from '../../event-payload.test-helper';
import { planAddQuote, planQuote, planRemoveQuote } from './plan-quote';
import { parseQuote } from './quote-input';

const now = new Date('2025-03-01T12:00:00Z');
const site = { currency: 'CHF' };

describe('planQuote', () => {
  it('expires valid_for days after now, in the named currency', () => {
    const row = planQuote(parseQuote({ part_id: '1', vendor_id: '2', price: '3', currency_id: 'usd', valid_for: '30' }), site, now);
    expect(row).toMatchObject({ currency: 'USD', valid_for: 30, expires_on: new Date('2025-03-31T12:00:00Z'), created_at: now });
    expect(row).not.toHaveProperty('currency_id');
  });

  it('takes the site currency when none is named and never expires without valid_for', () => {
    const row = planQuote(parseQuote({ part_id: '1', vendor_id: '2', price: '3' }), site, now);
    expect(row).toMatchObject({ currency: 'CHF', expires_on: null, valid_for: null });
  });
});

describe('planAddQuote and planRemoveQuote', () => {
  it('insert the quote row, and delete quote id alone with its event at the part', () => {
    const row = planQuote(parseQuote({ part_id: '1', vendor_id: '2', price: '3' }), site, now);
    const added = planAddQuote(row);
    expect(added.plan.steps).toEqual([{ kind: 'insert', table: 'quote', values: row, name: 'quote' }]);
    expect(added.plan.steps[0]).toBe(added.quote);
    const removed = planRemoveQuote({ ...row, id: 7 }, { token: 'ops', at: now });
    expect(removed.plan.steps[0]).toEqual({ kind: 'delete', table: 'quote', where: { id: 7 } });
    expect(removed.plan.steps[0]).toBe(removed.quote);
    expect(removed.plan.steps[1]).toMatchObject({ table: 'event', values: { type: 'quote.removed', collection: 'part/1/quote', record_id: 7, token_name: 'ops' } });
    expect(eventPayload(removed.plan.steps[1])).toEqual({ vendor_id: 2, price: row.price, currency: 'CHF' });
  });
});
