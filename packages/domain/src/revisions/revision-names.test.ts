import { describe, expect, it } from 'vitest';
import { followingName, nextRevisionName } from './revision-names';

describe('revision names', () => {
  it('advance letters as spreadsheet columns, numbers keeping their width, and add -2 to anything else', () => {
    expect(['A', 'B', 'Z', 'AZ', 'ZZ'].map(followingName)).toEqual(['B', 'C', 'AA', 'BA', 'AAA']);
    expect(['1', '09', 'R9', 'rev-02', 'v1.9'].map(followingName)).toEqual(['2', '10', 'R10', 'rev-03', 'v1.10']);
    expect(['Proto', 'b', ''].map(followingName)).toEqual(['Proto-2', 'b-2', '-2']);
  });

  it('skips names the part already uses', () => {
    expect(nextRevisionName('A', new Set(['A', 'B', 'C']))).toBe('D');
    expect(nextRevisionName('Proto', new Set(['Proto-2']))).toBe('Proto-3');
  });
});
