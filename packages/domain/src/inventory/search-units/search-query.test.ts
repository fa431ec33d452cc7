import { describe, expect, it } from 'vitest';
import { parseSearchTerms } from './search-query';

describe('parseSearchTerms', () => {
  it('reads contiguous triples from 0, contains and every field by default, until a gap', () => {
    expect(
      parseSearchTerms({ field0: 'lot_code', comparison0: 'starts_with', term0: 'L1', term1: 'reel', field3: 'vendor', term3: 'skipped' }),
    ).toEqual([
      { field: 'lot_code', comparison: 'starts_with', term: 'L1' },
      { field: null, comparison: 'contains', term: 'reel' },
    ]);
    expect(parseSearchTerms({})).toEqual([]);
  });

  it('leaves out a triple without a term but goes on past it', () => {
    expect(parseSearchTerms({ field0: 'vendor', term0: ' ', term1: 'x' })).toEqual([{ field: null, comparison: 'contains', term: 'x' }]);
  });

  it('refuses an unknown field or comparison, naming the parameter (400)', () => {
    expect(() => parseSearchTerms({ field0: 'quantity', term0: '1' })).toThrow(
      expect.objectContaining({ code: 'bad_request', messages: ['Invalid value for parameter field0: quantity is not a field the search knows'] }),
    );
    expect(() => parseSearchTerms({ term0: 'a', comparison1: 'like', term1: 'b' })).toThrow(
      expect.objectContaining({
        messages: ['Invalid value for parameter comparison1: like is not one of contains, equals, starts_with, ends_with'],
      }),
    );
  });
});
