import { describe, expect, it } from 'vitest';
import { longerThan } from './characters';

describe('longerThan', () => {
  it('counts code points, not UTF-16 units', () => {
    const emoji = '😀';
    expect(emoji.length).toBe(2);
    expect(longerThan(emoji.repeat(255), 255)).toBe(false);
    expect(longerThan(emoji.repeat(256), 255)).toBe(true);
    expect(longerThan(`${'x'.repeat(254)}${emoji}`, 255)).toBe(false);
  });

  it('counts plain text by its length', () => {
    expect(longerThan('x'.repeat(255), 255)).toBe(false);
    expect(longerThan('x'.repeat(256), 255)).toBe(true);
    expect(longerThan('', 0)).toBe(false);
  });

  it('counts a combining mark as a character of its own, as PostgreSQL does', () => {
    expect(longerThan('e\u0301', 1)).toBe(true);
  });
});
