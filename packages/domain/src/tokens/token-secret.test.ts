import { describe, expect, it } from 'vitest';
import { hashToken, randomToken } from './token-secret';

describe('token secrets', () => {
  it('stores a token as its SHA-256, hex', async () => {
    expect(await hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('makes random tokens of 32 URL-safe characters', () => {
    const tokens = [randomToken(), randomToken()];
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
  });
});
