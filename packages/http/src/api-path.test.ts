import { describe, expect, it } from 'vitest';
import { splitApiPath } from './api-path';

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
});
