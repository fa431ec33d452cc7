import { describe, expect, it } from 'vitest';
import { loggedPath, splitApiPath } from './api-path';

describe('splitApiPath', () => {
  it('splits token and rest', () => {
    expect(splitApiPath('/api/v2/abc/unit/3')).toEqual({ token: 'abc', rest: '/unit/3' });
    expect(splitApiPath('/api/v2/abc')).toEqual({ token: 'abc', rest: '/' });
    expect(splitApiPath('/api/v2/a%2Fb/unit')).toEqual({ token: 'a/b', rest: '/unit' });
  });

  it('gives an empty token when it is missing or undecodable', () => {
    expect(splitApiPath('/api/v2')).toEqual({ token: '', rest: '/' });
    expect(splitApiPath('/api/v2//unit')).toEqual({ token: '', rest: '/unit' });
    expect(splitApiPath('/api/v2/%E0/unit')).toEqual({ token: '', rest: '/unit' });
  });

  it('leaves other paths alone', () => {
    expect(splitApiPath('/healthz')).toBeNull();
    expect(splitApiPath('/api/v20/x')).toBeNull();
  });

  it('hides the token in logs', () => {
    expect(loggedPath('/api/v2/secret/unit/1')).toBe('/api/v2/[token]/unit/1');
    expect(loggedPath('/api/v2/secret')).toBe('/api/v2/[token]');
    expect(loggedPath('/healthz')).toBe('/healthz');
  });

  it('hides the token after any spelling of the prefix', () => {
    expect(loggedPath('/API/V2/secret/unit')).toBe('/API/V2/[token]/unit');
    expect(loggedPath('//api/v2/secret/unit')).toBe('//api/v2/[token]/unit');
    expect(loggedPath('/Api//v2//secret')).toBe('/Api//v2//[token]');
    expect(loggedPath('/x/api/v2/secret/unit')).toBe('/x/api/v2/[token]/unit');
    expect(loggedPath('/api/v20/x')).toBe('/api/v20/x');
    expect(loggedPath('/myapi/v2/x')).toBe('/myapi/v2/x');
  });
});
