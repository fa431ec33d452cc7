import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacter, longerThan } from './characters';

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

describe('hasForbiddenCharacter', () => {
  it('finds the controls XML 1.0 cannot carry, U+FFFE/U+FFFF and half a surrogate pair', () => {
    for (const cp of [0, 1, 8, 0x0b, 0x0c, 0x0e, 0x1f, 0xfffe, 0xffff, 0xd800, 0xdbff, 0xdc00, 0xdfff]) {
      expect(hasForbiddenCharacter(`x${String.fromCharCode(cp)}y`), cp.toString(16)).toBe(true);
    }
  });

  it('lets tab, line feed, carriage return, DEL, U+FFFD and whole pairs through', () => {
    expect(hasForbiddenCharacter('a\tb\nc\rd\u007F\u0080\uFFFD😀')).toBe(false);
    expect(hasForbiddenCharacter('')).toBe(false);
  });
});
