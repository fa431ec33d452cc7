import { describe, expect, it } from 'vitest';
import { parseRailsParams, parseXml } from '@pips/xml';
import { resourceBody } from './resource-body';

const expected = expect.objectContaining({ code: 'bad_request', message: 'Expected the root element <manufacturer>' });

describe('resourceBody', () => {
  it('is the hash under the resource root, from XML or from bracket keys', () => {
    const xml = parseXml('<manufacturer><name>Acme</name></manufacturer>');
    expect({ ...(resourceBody(xml, 'manufacturer', 'update') as object) }).toEqual({ name: 'Acme' });
    const form = parseRailsParams('manufacturer[name]=Acme');
    expect({ ...(resourceBody(form, 'manufacturer', 'create') as object) }).toEqual({ name: 'Acme' });
  });

  it('is null for an empty root element, which names no field', () => {
    expect(resourceBody(parseXml('<manufacturer/>'), 'manufacturer', 'update')).toBeNull();
  });

  it('refuses an update without the root, whether the body is empty or has another root', () => {
    for (const params of [parseRailsParams(''), parseXml('<vendor><name>Acme</name></vendor>'), parseRailsParams('name=Acme')]) {
      expect(() => resourceBody(params, 'manufacturer', 'update')).toThrow(expected);
    }
  });

  it('lets a create without any parameters through, but not one with another root', () => {
    expect(resourceBody(parseRailsParams(''), 'manufacturer', 'create')).toBeUndefined();
    expect(() => resourceBody(parseXml('<vendor><name>Acme</name></vendor>'), 'manufacturer', 'create')).toThrow(expected);
    expect(() => resourceBody(parseRailsParams('vendor[name]=Acme'), 'manufacturer', 'create')).toThrow(expected);
  });
});
