import { beforeEach, describe, expect, it } from 'vitest';
import { PipsApiError } from '../errors/api-error';
import { onHarness } from '../testing/on-harness.test-helper';
import { referenceSetting, type ReferenceSetting } from '../testing/reference-setting';
import type { Part } from '../types/parts';

const on = onHarness();

let setting: ReferenceSetting;

beforeEach(async () => {
  setting = await referenceSetting(on.client, 'bom');
});

const makePart = (manufacturer_pn: string, inventory_price?: string): Promise<Part> =>
  on.client.parts.create({
    manufacturer_pn,
    manufacturer_id: setting.manufacturerId,
    parttype_id: setting.parttypeId,
    unit_id: setting.eachId,
    inventory_price,
    revision: { revision_name: 'A' },
  });

describe('revisions and bills through the client', () => {
  it('adds lines to a draft, explodes the bill with its cost, releases, and finds where a part is used', async () => {
    const board = await makePart('BOARD');
    const resistor = await makePart('R-10K', '0.0125');
    const capacitor = await makePart('C-100N', '0.5');
    const shown = await on.client.revisions.addSubparts(board.id, board.revision.id, {
      subparts: [
        { subpart_id: resistor.id, quantity: '4', designator: 'R1-R4', build_sequence: 2 },
        { subpart_id: capacitor.id, quantity: '0.5', no_load: true, comment: 'optional' },
      ],
    });
    expect(shown).toMatchObject({ id: board.revision.id, revision_name: 'A', status: 'Draft', part: { id: board.id, partnumber: board.partnumber } });
    expect(shown.subparts).toEqual([
      { id: expect.any(Number), subpart_id: resistor.id, quantity: '4.0', build_sequence: 2, designator: 'R1-R4', comment: null, no_load: false, part_id: board.id, part_revision_id: board.revision.id, position: 1 },
      { id: expect.any(Number), subpart_id: capacitor.id, quantity: '0.5', build_sequence: null, designator: null, comment: 'optional', no_load: true, part_id: board.id, part_revision_id: board.revision.id, position: 2 },
    ]);
    expect(await on.client.revisions.show(board.id, board.revision.id)).toEqual(shown);

    const bom = await on.client.revisions.bom(board.id, board.revision.id);
    expect(bom).toMatchObject({ part_id: board.id, part_revision_id: board.revision.id, levels: 'all', cost: { total: '0.05', currency: 'USD', leaves_without_price: 0 } });
    expect(bom.lines[0]).toMatchObject({ depth: 1, path: resistor.partnumber, quantity: '4.0', extended_quantity: '4.0', unit_cost: '0.0125', unit_cost_source: 'inventory_price', extended_cost: '0.05', quote_id: null, assembly: false });
    expect(bom.lines[1]).toMatchObject({ no_load: true, extended_cost: null });
    expect((await on.client.revisions.bom(board.id, board.revision.id, { levels: 1 })).levels).toBe(1);

    await on.client.revisions.release(board.id, board.revision.id, { revision_description: 'first build' });
    const [released] = await on.client.revisions.list(board.id);
    expect(released).toMatchObject({ id: board.revision.id, status: 'Active', revision_description: 'first build', released_at: expect.stringMatching(/ \+0000$/) });
    expect(await on.client.revisions.partAncestors(resistor.id, resistor.revision.id)).toEqual([
      { id: board.id, partnumber: board.partnumber, manufacturer_pn: 'BOARD' },
    ]);
  });

  it('makes a new draft from a released revision, without its bill when asked, and deletes it', async () => {
    const board = await makePart('BOARD');
    const child = await makePart('CHILD');
    await on.client.revisions.addSubparts(board.id, board.revision.id, { subparts: [{ subpart_id: child.id, quantity: '1' }] });
    await on.client.revisions.release(board.id, board.revision.id);
    const draft = await on.client.revisions.create(board.id, board.revision.id, { revision_name: 'B', revision_description: 'smaller' }, { copy_subparts: false });
    expect(draft).toMatchObject({ revision_name: 'B', revision_description: 'smaller', status: 'Draft', subparts: [] });
    expect((await on.client.revisions.list(board.id)).map((revision) => revision.revision_name)).toEqual(['A', 'B']);
    await on.client.revisions.delete(board.id, draft.id);
    const copied = await on.client.revisions.create(board.id, board.revision.id);
    expect(copied).toMatchObject({ revision_name: 'B', subparts: [{ subpart_id: child.id, quantity: '1.0' }] });
  });

  it('changes one line at a time through subparts', async () => {
    const board = await makePart('BOARD');
    const child = await makePart('CHILD');
    const other = await makePart('OTHER');
    const line = await on.client.subparts.create({ part_id: board.id, part_revision_id: board.revision.id, manufacturer_pn: 'CHILD', quantity: '2.5', designator: 'U1' });
    expect(line).toEqual({ id: line.id, subpart_id: child.id, quantity: '2.5', build_sequence: null, designator: 'U1', comment: null, no_load: false });
    expect(await on.client.subparts.update(line.id, { part_id: other.id, quantity: '3', comment: 'swapped' })).toEqual({ ...line, subpart_id: other.id, quantity: '3.0', comment: 'swapped' });
    await on.client.subparts.delete(line.id);
    expect((await on.client.parts.show(board.id)).subparts).toEqual([]);
  });

  it('refuses a bulk add with one error per failing item, numbered from 1, and adds nothing', async () => {
    const board = await makePart('BOARD');
    const child = await makePart('CHILD');
    const refused = await on.client.revisions
      .addSubparts(board.id, board.revision.id, { subparts: [{ subpart_id: child.id, quantity: '1' }, { subpart_id: child.id, quantity: '-1' }, { subpart_id: 999_999, quantity: '1' }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PipsApiError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'bad_request',
      items: [
        { number: 2, messages: ['Quantity must be nonnegative.'] },
        { number: 3, messages: ['You must specify a valid subpart.'] },
      ],
      messages: ['Quantity must be nonnegative.', 'You must specify a valid subpart.'],
    });
    expect((await on.client.revisions.show(board.id, board.revision.id)).subparts).toEqual([]);
  });

  it('called every function of its groups', () => {
    expect(on.recorded.uncalled(['revisions', 'subparts'])).toEqual([]);
  });
});
