import { describe, expect, it } from 'vitest';
import { parseSearchTerms } from './search-query';

const refused = (message: string) => expect.objectContaining({ code: 'bad_request', messages: [message] });

describe('parseSearchTerms', () => {
  it('reads the triples from 0, contains and every field by default', () => {
    expect(parseSearchTerms({ field0: 'lot_code', comparison0: 'starts_with', term0: 'L1', term1: 'reel' })).toEqual([
      { field: 'lot_code', comparison: 'starts_with', term: 'L1' },
      { field: null, comparison: 'contains', term: 'reel' },
    ]);
    expect(parseSearchTerms({})).toEqual([]);
  });

  it('reads every index given, from 1 or past a gap, in index order whatever order the keys come in', () => {
    expect(parseSearchTerms({ field1: 'lot_code', comparison1: 'starts_with', term1: 'L1' })).toEqual([
      { field: 'lot_code', comparison: 'starts_with', term: 'L1' },
    ]);
    expect(parseSearchTerms({ term10: 'ten', field3: 'vendor', term3: 'three', term2: 'two', term0: 'zero' })).toEqual([
      { field: null, comparison: 'contains', term: 'zero' },
      { field: null, comparison: 'contains', term: 'two' },
      { field: 'vendor', comparison: 'contains', term: 'three' },
      { field: null, comparison: 'contains', term: 'ten' },
    ]);
    // An index past any integer JavaScript holds exactly is still an index, and still in order.
    expect(parseSearchTerms({ term123456789012345678901: 'big', term9: 'nine' }).map((t) => t.term)).toEqual(['nine', 'big']);
  });

  it('leaves out a triple without a term but goes on past it', () => {
    expect(parseSearchTerms({ field0: 'vendor', term0: ' ', term1: 'x', comparison2: 'equals', field4: 'datecode', term4: null })).toEqual([
      { field: null, comparison: 'contains', term: 'x' },
    ]);
  });

  it('refuses an unknown field or comparison at any index, with or without a term (400), naming the parameter', () => {
    expect(() => parseSearchTerms({ field0: 'quantity', term0: '1' })).toThrow(
      refused('Invalid value for parameter field0: quantity is not a field the search knows'),
    );
    expect(() => parseSearchTerms({ term0: 'a', comparison1: 'like', term1: 'b' })).toThrow(
      refused('Invalid value for parameter comparison1: like is not one of contains, equals, starts_with, ends_with'),
    );
    expect(() => parseSearchTerms({ term0: 'a', field3: 'bogus', comparison3: 'bogus' })).toThrow(
      refused('Invalid value for parameter field3: bogus is not a field the search knows'),
    );
    expect(() => parseSearchTerms({ comparison7: 'bogus' })).toThrow(
      refused('Invalid value for parameter comparison7: bogus is not one of contains, equals, starts_with, ends_with'),
    );
    // Index order decides which problem is named first.
    expect(() => parseSearchTerms({ field9: 'nine', field2: 'two' })).toThrow(
      refused('Invalid value for parameter field2: two is not a field the search knows'),
    );
  });

  it('refuses a key spelled like a search parameter that is not one, and a list or hash value', () => {
    for (const key of ['term', 'Term1', 'FIELD0', 'comparison01', 'term00']) {
      expect(() => parseSearchTerms({ [key]: 'x' }), key).toThrow(
        refused(`Invalid parameter ${key}: the search reads fieldN, comparisonN and termN, N a whole number written without leading zeros (0, 1, 2, …)`),
      );
    }
    expect(() => parseSearchTerms({ term0: ['a', 'b'] })).toThrow(refused('Invalid value for parameter term0: text, not a list or a hash'));
    expect(() => parseSearchTerms({ field2: { x: 'lot_code' } })).toThrow(refused('Invalid value for parameter field2: text, not a list or a hash'));
    // Other parameters are not the search's business.
    expect(parseSearchTerms({ terms: 'x', field_0: 'y', per_page: '3', term0: 'a' })).toEqual([{ field: null, comparison: 'contains', term: 'a' }]);
  });
});
