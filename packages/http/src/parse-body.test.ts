import { describe, expect, it } from 'vitest';
import { parseBody } from './parse-body';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('parseBody', () => {
  it('reads XML by media type', () => {
    expect(plain(parseBody('<unit><name>Each</name></unit>', 'application/xml', 1000))).toEqual({ unit: { name: 'Each' } });
    expect(plain(parseBody('<unit><name/></unit>', 'text/xml', 1000))).toEqual({ unit: { name: null } });
    expect(plain(parseBody('<unit/>', 'application/vnd.pips+xml', 1000))).toEqual({ unit: null });
  });

  it('reads the media type without its parameters, in any case', () => {
    expect(plain(parseBody('<unit/>', 'Application/XML; charset=UTF-8', 1000))).toEqual({ unit: null });
    expect(plain(parseBody('unit[name]=A', ' APPLICATION/X-WWW-FORM-URLENCODED ;charset=utf-8', 1000))).toEqual({
      unit: { name: 'A' },
    });
  });

  it('reads Rails form bodies', () => {
    const params = parseBody('unit[name]=Each&unit[description]=One+piece', 'application/x-www-form-urlencoded', 1000);
    expect(plain(params)).toEqual({ unit: { name: 'Each', description: 'One piece' } });
  });

  it('treats an empty or blank body as no parameters, whatever its type', () => {
    expect(plain(parseBody('', 'application/xml', 1000))).toEqual({});
    expect(plain(parseBody(' \n', 'application/x-www-form-urlencoded', 1000))).toEqual({});
    expect(plain(parseBody('', 'application/json', 1000))).toEqual({});
    expect(plain(parseBody('', 'multipart/form-data; boundary=x', 1000))).toEqual({});
  });

  it('sniffs a body without a Content-Type: < means XML, anything else a form', () => {
    expect(plain(parseBody('  <unit><name>A</name></unit>', '', 1000))).toEqual({ unit: { name: 'A' } });
    expect(plain(parseBody('unit[name]=A', '', 1000))).toEqual({ unit: { name: 'A' } });
  });

  it('refuses a body of any other type with 415, naming the types it reads', () => {
    for (const [type, body] of [
      ['application/json', '{"unit":{"name":"A"}}'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="unit[name]"\r\n\r\nA\r\n--x--'],
      ['text/plain', 'unit[name]=A'],
      ['text/html', '<unit><name>A</name></unit>'],
    ]) {
      expect(() => parseBody(body as string, type as string, 1000), type).toThrow(
        expect.objectContaining({
          code: 'unsupported_media_type',
          message: 'Unsupported media type; send application/xml, text/xml, *+xml or application/x-www-form-urlencoded',
        }),
      );
    }
  });

  it('lets codec errors through for the error mapper', () => {
    expect(() => parseBody('<unit>', 'application/xml', 1000)).toThrow(expect.objectContaining({ code: 'malformed' }));
    expect(() => parseBody('a[=1', 'application/x-www-form-urlencoded', 1000)).toThrow(
      expect.objectContaining({ code: 'bad_params' }),
    );
  });
});
