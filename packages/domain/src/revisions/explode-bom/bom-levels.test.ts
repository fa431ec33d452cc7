import { describe, expect, it } from 'vitest';
import { PipsError } from '../../errors';
import { parseLevels } from './bom-levels';

describe('parseLevels', () => {
  it.each([
    [undefined, 'all'],
    [null, 'all'],
    ['', 'all'],
    ['  ', 'all'],
    ['all', 'all'],
    ['ALL', 'all'],
    [' all ', 'all'],
    ['1', 1],
    ['+3', 3],
    ['007', 7],
    ['50', 50],
  ])('reads %j as %j', (raw, levels) => {
    expect(parseLevels(raw)).toBe(levels);
  });

  it.each(['0', '51', '-1', '1.5', '2e1', 'two', 'al', '1 2', '99999999999999999999', ['1'], { all: '' }, 3])(
    'refuses %j with a 400 saying what levels may be',
    (raw) => {
      let thrown: unknown;
      try {
        parseLevels(raw);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(PipsError);
      expect(thrown).toMatchObject({
        code: 'bad_request',
        messages: ['Invalid value for parameter levels: all or a whole number from 1 to 50'],
      });
    },
  );
});
