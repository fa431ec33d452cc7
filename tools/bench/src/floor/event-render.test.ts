import { describe, expect, it } from 'vitest';
import { eventItem } from './event-render';

const row = {
  position: 2,
  type: 'unit.created',
  occurred_at: '2026-11-27T09:38:24+00:00',
  token_name: 'bootstrap',
  collection: 'unit',
  record_id: 1,
  payload: JSON.stringify({ name: 'a & b', description: null, allow_fractional: true, factor: 10, revision: { revision_name: 'A' } }),
};

describe('eventItem', () => {
  it('writes an event as PIPS does: its path with the record id, each payload field by column, a group as JSON', () => {
    expect(eventItem(row)).toBe(
      '  <event>\n    <sequence>2</sequence>\n    <type>unit.created</type>\n    <occurred_at>2026-11-27T09:38:24+00:00</occurred_at>\n' +
        '    <token>bootstrap</token>\n    <path>unit/1</path>\n    <payload>\n      <name>a &amp; b</name>\n      <description/>\n' +
        '      <allow_fractional>true</allow_fractional>\n      <factor>10</factor>\n' +
        '      <revision>{&quot;revision_name&quot;:&quot;A&quot;}</revision>\n    </payload>\n  </event>\n',
    );
  });

  it('names a collection alone when the event has no record, and closes an empty payload', () => {
    expect(eventItem({ ...row, record_id: null, payload: '{}' })).toContain('    <path>unit</path>\n    <payload/>\n  </event>\n');
  });
});
