import { describe, expect, it } from 'vitest';
import { parseBody } from './parse-body';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('parseBody', () => {
  it('reads XML by media type', () => {
    expect(plain(parseBody('<unit><name>Each</name></unit>', 'application/xml', 1000))).toEqual({ unit: { name: 'Each' } });
    expect(plain(parseBody('<unit><name/></unit>', 'text/xml', 1000))).toEqual({ unit: { name: null } });
  });

  it('reads Rails form bodies', () => {
    const params = parseBody('unit[name]=Each&unit[description]=One+piece', 'application/x-www-form-urlencoded', 1000);
    expect(plain(params)).toEqual({ unit: { name: 'Each', description: 'One piece' } });
  });

  it('treats an empty or blank body as no parameters', () => {
    expect(plain(parseBody('', 'application/xml', 1000))).toEqual({});
    expect(plain(parseBody(' \n', 'application/x-www-form-urlencoded', 1000))).toEqual({});
  });

  it('sniffs unlabelled bodies', () => {
    expect(plain(parseBody('  <unit><name>A</name></unit>', '', 1000))).toEqual({ unit: { name: 'A' } });
    expect(plain(parseBody('unit[name]=A', 'text/plain', 1000))).toEqual({ unit: { name: 'A' } });
  });

  it('lets codec errors through for the error mapper', () => {
    expect(() => parseBody('<unit>', 'application/xml', 1000)).toThrow(expect.objectContaining({ code: 'malformed' }));
    expect(() => parseBody('a[=1', 'application/x-www-form-urlencoded', 1000)).toThrow(
      expect.objectContaining({ code: 'bad_params' }),
    );
  });
});
