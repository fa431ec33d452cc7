import { describe, expect, it } from 'vitest';
import { tokenIdOf, tokensNamed } from './token-named';

describe('tokensNamed', () => {
  it('reads the tokens with the name, and the one with the id when it is digits', () => {
    expect(tokensNamed('ops')).toEqual({ name: 'ops' });
    expect(tokensNamed('03')).toEqual({ $or: [{ name: '03' }, { id: 3 }] });
  });

  it('sends no id past the largest a record can have', () => {
    expect(tokenIdOf('9999999999')).toBe(9999999999);
    expect(tokensNamed('9999999999')).toEqual({ name: '9999999999' });
    expect(tokensNamed('2147483647')).toEqual({ $or: [{ name: '2147483647' }, { id: 2147483647 }] });
  });
});
