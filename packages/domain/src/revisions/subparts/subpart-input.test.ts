import { describe, expect, it } from 'vitest';
import { parseSubpart, parseSubpartChanges } from './subpart-input';

const fail = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('parseSubpart', () => {
  it('reads the assembly, the child and the line, no_load as 0/1/true/false', () => {
    const input = parseSubpart({ part_id: '4', subpart_part_revision_id: '9', quantity: '2.50', no_load: '1', designator: 'R1' });
    expect(input).toEqual({
      assembly: { partId: 4, revisionId: null },
      child: { by: 'revision', revisionId: 9 },
      line: { quantity: '2.5', build_sequence: null, designator: 'R1', no_load: true, comment: null },
    });
    expect(parseSubpart({ part_revision_id: '3', partnumber: 'P-1', quantity: '0', no_load: 'false' })).toMatchObject({
      assembly: { partId: null, revisionId: 3 },
      child: { by: 'partnumber', value: 'P-1' },
      line: { quantity: '0.0', no_load: false },
    });
    expect(parseSubpart({ part_id: '4', manufacturer_pn: 'RC0402', quantity: '1' }).child).toEqual({ by: 'manufacturer_pn', value: 'RC0402' });
  });

  it('refuses, all at once: no assembly, no child or two, a negative or missing quantity', () => {
    expect(fail(() => parseSubpart({ quantity: '-1' }))).toMatchObject({
      code: 'invalid',
      messages: ['Quantity must be nonnegative.', "Part can't be blank", 'You must specify a valid subpart.'],
    });
    expect(fail(() => parseSubpart({ part_id: '1', manufacturer_pn: 'A', partnumber: 'B' }))).toMatchObject({
      code: 'invalid',
      messages: ["Quantity can't be blank", 'You must specify a valid subpart.'],
    });
    expect(fail(() => parseSubpart({ part_id: '1', partnumber: 'B', quantity: '1', no_load: 'maybe' }))).toMatchObject({
      messages: ['No load must be true or false'],
    });
  });
});

describe('parseSubpartChanges', () => {
  it('reads only what is sent; part_id names the child here', () => {
    expect(parseSubpartChanges({ quantity: '3' })).toEqual({ child: null, line: { quantity: '3.0' } });
    expect(parseSubpartChanges({ part_id: '7', comment: '' })).toEqual({ child: { by: 'part', partId: 7 }, line: { comment: null } });
  });

  it('refuses a blank quantity or no_load, a negative quantity, or two children', () => {
    expect(fail(() => parseSubpartChanges({ quantity: '' }))).toMatchObject({ messages: ["Quantity can't be blank"] });
    expect(fail(() => parseSubpartChanges({ quantity: '-0.5', no_load: '' }))).toMatchObject({
      messages: ["Quantity can't be blank".replace('Quantity', 'No load'), 'Quantity must be nonnegative.'],
    });
    expect(fail(() => parseSubpartChanges({ part_id: '1', partnumber: 'X' }))).toMatchObject({ messages: ['You must specify a valid subpart.'] });
  });
});
