import { isPipsError } from '@pips/domain';
import type { Params } from '@pips/xml';
import { describe, expect, it } from 'vitest';
import type { AppContext } from './app-state';
import { partRef } from './part-ref';

const context = (id: string, params: Params) => ({ params: { id }, state: { params } }) as unknown as AppContext;
const byNumber = (id: string) => context(id, { find_by: 'partnumber' });

describe('partRef', () => {
  it('names a part by its id, or by the part number the path carries', () => {
    expect(partRef(context('12', {}))).toEqual({ id: 12 });
    expect(partRef(byNumber('RES-0402 é😀'))).toEqual({ partnumber: 'RES-0402 é😀' });
  });

  it.each(['a\u0000b', '\u0001', 'x\uFFFF', '\uD800'])('answers the part number %j, which no part can have, with not found', (id) => {
    let thrown: unknown;
    try {
      partRef(byNumber(id));
    } catch (error) {
      thrown = error;
    }
    expect(isPipsError(thrown) && thrown.code).toBe('not_found');
    expect(String(thrown)).toContain("Couldn't find Part with 'partnumber'=");
  });
});
