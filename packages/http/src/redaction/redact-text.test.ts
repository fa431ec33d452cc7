import { describe, expect, it } from 'vitest';
import { holdsToken, redactText, tokenSegments } from './redact-text';

const T = 'Zq3_tok-en9Zq3_tok-en9Zq3_tok-en';

describe('redactText, by position', () => {
  it('masks the segment after /api/v2/', () => {
    expect(redactText('/api/v2/secret/unit/1')).toBe('/api/v2/[token]/unit/1');
    expect(redactText('/api/v2/secret')).toBe('/api/v2/[token]');
    expect(redactText('/api/v2/secret/')).toBe('/api/v2/[token]/');
    expect(redactText('/healthz')).toBe('/healthz');
  });

  it('masks after every spelling of the prefix, every time it comes', () => {
    expect(redactText('/API/V2/secret/unit')).toBe('/API/V2/[token]/unit');
    expect(redactText('//api/v2/secret/unit')).toBe('//api/v2/[token]/unit');
    expect(redactText('/Api//v2//secret')).toBe('/Api//v2//[token]');
    expect(redactText('/api/v2//secret/unit')).toBe('/api/v2//[token]/unit');
    expect(redactText('/x/api/v2/secret/unit')).toBe('/x/api/v2/[token]/unit');
    expect(redactText('/api/v1/secret/unit')).toBe('/api/v1/[token]/unit');
    expect(redactText('/api/v2/one/api/v2/two/unit')).toBe('/api/v2/[token]/api/v2/[token]/unit');
    // A prefix written twice with the token after both: the token is what follows the second.
    expect(redactText('/api/v2/api/v2/secret/unit')).toBe('/api/v2/api/v2/[token]/unit');
    expect(redactText('/myapi/v2/x')).toBe('/myapi/v2/x');
    expect(redactText('/api/v2x/y')).toBe('/api/v2x/y');
  });

  it('masks inside a message, where the segment ends at a quote or a space', () => {
    expect(redactText('No route matches [GET] "/api/v2/secret/unit"')).toBe('No route matches [GET] "/api/v2/[token]/unit"');
    expect(redactText('see api/v2/secret now')).toBe('see api/v2/[token] now');
  });

  it('finds a prefix or token hidden behind percent-encoding, once or twice, and then shows the text decoded', () => {
    expect(redactText('/api/v2/x/%61pi/v2/secret/unit')).toBe('/api/v2/[token]/api/v2/[token]/unit');
    expect(redactText('/api/v2/x/unit%2Fapi%2Fv2%2Fsecret')).toBe('/api/v2/[token]/unit/api/v2/[token]');
    expect(redactText('/%2561pi/v2/secret')).toBe('/api/v2/[token]');
    const once = [...T].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    expect(redactText(`/unit/${once}`, [T])).toBe('/unit/[token]');
    expect(redactText(`/unit/${once.replaceAll('%', '%25')}`, [T])).toBe('/unit/[token]');
  });

  it('leaves a text with nothing to mask exactly as it was, escapes and all', () => {
    expect(redactText('/part/IC%20001')).toBe('/part/IC%20001');
    expect(redactText('/part/%E0%A4')).toBe('/part/%E0%A4');
    expect(redactText('100%')).toBe('100%');
  });
});

describe('redactText, by value', () => {
  it('masks every occurrence of a secret, inside longer values too', () => {
    expect(redactText(`Couldn't find Unit with 'id'=${T}`, [T])).toBe("Couldn't find Unit with 'id'=[token]");
    expect(redactText(`x${T}y and ${T}`, [T])).toBe('x[token]y and [token]');
    expect(redactText('nothing here', [T])).toBe('nothing here');
  });

  it('masks a secret shorter than 8 characters by position only, where it would hit ordinary words', () => {
    expect(redactText('Rate limit exceeded: retry in a minute', ['a'])).toBe('Rate limit exceeded: retry in a minute');
    expect(redactText('/api/v2/a/unit/a', ['a'])).toBe('/api/v2/[token]/unit/a');
    expect(redactText('abc', [''])).toBe('abc');
  });
});

describe('holdsToken', () => {
  it('finds a token as the whole value, or inside it when the token is long enough to mask', () => {
    expect(holdsToken(T, [T])).toBe(true);
    expect(holdsToken(`trace-${T}-1`, ['', T])).toBe(true);
    expect(holdsToken('t', ['t'])).toBe(true);
    expect(holdsToken('trace-1', ['t'])).toBe(false);
    expect(holdsToken('trace-1', [''])).toBe(false);
  });
});

describe('tokenSegments', () => {
  it('names what stands where a token goes, decoded', () => {
    expect(tokenSegments('/api/v2/one/unit')).toEqual(['one']);
    expect(tokenSegments('/api/v2/one/%61pi/v2/t%77o/unit')).toEqual(['one', 'two']);
    expect(tokenSegments('/API/V2/x')).toEqual(['x']);
    expect(tokenSegments('/unit/5')).toEqual([]);
  });
});
