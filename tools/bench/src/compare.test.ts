import { describe, expect, it } from 'vitest';
import { compareAnswers, firstDifference, maskCreated } from './compare';

const doc = (lines: string[]) => `${lines.join('\n')}\n`;

describe('firstDifference', () => {
  it('is null for the same text and names the first line that differs', () => {
    const a = doc(['<unit>', '  <id>1</id>', '  <factor>10.0</factor>', '</unit>']);
    expect(firstDifference(a, a)).toBeNull();
    const b = doc(['<unit>', '  <id>1</id>', '  <factor>10</factor>', '</unit>']);
    expect(firstDifference(a, b)).toBe('line 3: PIPS "  <factor>10.0</factor>", floor "  <factor>10</factor>"');
  });

  it('sees a missing line and a missing final newline', () => {
    expect(firstDifference('<a/>\n<b/>\n', '<a/>\n')).toBe('line 2: PIPS "<b/>", floor ""');
    expect(firstDifference('<a/>\n', '<a/>')).toBe('line 2: PIPS "", floor (no line)');
  });
});

describe('maskCreated', () => {
  it('masks ids, both timestamp forms and the escaped name, and nothing else', () => {
    const body = doc([
      '<manufacturer>',
      '  <id>42</id>',
      '  <name>bench &amp; co 7</name>',
      '  <created_at>2026-11-23T16:08:32+00:00</created_at>',
      '  <updated_on>2026-11-23 16:08:32 +0000</updated_on>',
      '  <part_id>42</part_id>',
      '</manufacturer>',
    ]);
    expect(maskCreated(body, 'bench & co 7')).toBe(
      doc([
        '<manufacturer>',
        '  <id>{id}</id>',
        '  <name>{name}</name>',
        '  <created_at>{time}</created_at>',
        '  <updated_on>{time}</updated_on>',
        '  <part_id>42</part_id>',
        '</manufacturer>',
      ]),
    );
  });

  it('makes two creates with different names, ids and times equal', () => {
    const created = (id: number, name: string) => `<manufacturer>\n  <id>${id}</id>\n  <name>${name}</name>\n</manufacturer>\n`;
    expect(maskCreated(created(7, 'pips 1'), 'pips 1')).toBe(maskCreated(created(9, 'floor 1'), 'floor 1'));
  });
});

describe('compareAnswers', () => {
  const answer = { status: 200, body: '<a/>\n', pagination: '{"total_entries":1}' };

  it('accepts the same status, body and X-Pagination', () => {
    expect(compareAnswers('list 100 parts', answer, { ...answer })).toBeNull();
  });

  it('names the target and what differs', () => {
    expect(compareAnswers('show part', answer, { ...answer, status: 404 })).toBe('show part: PIPS answered 200, the floor 404');
    expect(compareAnswers('show part', answer, { ...answer, body: '<b/>\n' })).toBe(
      `show part: the floor's document differs from PIPS's at line 1: PIPS "<a/>", floor "<b/>"`,
    );
    expect(compareAnswers('list 100 parts', answer, { ...answer, pagination: null })).toBe(
      'list 100 parts: X-Pagination differs: PIPS {"total_entries":1}, floor null',
    );
  });
});
