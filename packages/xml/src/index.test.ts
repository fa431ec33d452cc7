import { describe, expect, it } from 'vitest';
import * as xml from './index';

describe('public surface', () => {
  it('exports exactly the documented runtime values', () => {
    expect(Object.keys(xml).sort()).toEqual([
      'CodecError',
      'DEFAULT_LIMITS',
      'XML_DECLARATION',
      'buildElement',
      'buildXml',
      'fields',
      'isXmlText',
      'list',
      'parseRailsParams',
      'parseXml',
      'textWithAttributes',
    ]);
  });

  it('exposes a CodecError carrying its code', () => {
    const error = new xml.CodecError('too_deep', 'x');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('too_deep');
    expect(error.name).toBe('CodecError');
  });

  it('freezes the default limits', () => {
    expect(Object.isFrozen(xml.DEFAULT_LIMITS)).toBe(true);
  });
});
