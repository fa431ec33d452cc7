import { describe, expect, it } from 'vitest';
import { eventCostChecks, eventShares, eventTriggerSql } from './event-cost';

const rate = (requestsPerSecond: number, errors = 0) => ({ requestsPerSecond, errors });

describe('eventTriggerSql', () => {
  it('drops the row on the side without events, keeps it behind the same trigger, and leaves PIPS as it ships alone', () => {
    expect(eventTriggerSql('dropped')).toContain('RETURN NULL;');
    expect(eventTriggerSql('kept')).toContain('RETURN NEW;');
    expect(eventTriggerSql('dropped')).toContain('BEFORE INSERT ON "event" FOR EACH ROW');
    expect(eventTriggerSql('events')).toBeNull();
  });
});

describe('eventShares', () => {
  it('checks the lower of the two shares of the rate without events', () => {
    expect(eventShares({ label: 'w', events: rate(90), kept: rate(80), dropped: rate(100) })).toEqual({ shipped: 0.9, row: 0.8, checked: 0.8 });
    expect(eventShares({ label: 'w', events: rate(70), dropped: rate(100) })).toEqual({ shipped: 0.7, row: null, checked: 0.7 });
    expect(eventShares({ label: 'w', events: rate(70) }).checked).toBeNull();
  });
});

describe('eventCostChecks', () => {
  it('meets at the threshold, misses below it or with errors on any side, and leaves an unmeasured write unjudged', () => {
    const checks = eventCostChecks('pglite', [
      { label: 'a', events: rate(85), kept: rate(90), dropped: rate(100) },
      { label: 'b', events: rate(95), kept: rate(84), dropped: rate(100) },
      { label: 'c', events: rate(99), kept: rate(99), dropped: rate(100, 2) },
      { label: 'd' },
    ]);
    expect(checks.map((check) => [check.status, check.detail])).toEqual([
      ['met', '0.850'],
      ['MISSED', '0.840'],
      ['MISSED', 'errors: 0/0/2'],
      ['not measured', ''],
    ]);
    expect(checks[0]!.label).toBe('pglite a with events ≥ 0.85× without');
  });
});
