import { describe, expect, it } from 'vitest';
import { get, post, unique, xmlBody, xmlFields, type Reply, type RequestOptions, type XmlValue } from './client';
import {
  expectErrors,
  expectForbidden,
  expectNestedArray,
  expectNotFound,
  expectRecord,
  expectStatus,
  expectXmlDocument,
  idOf,
  show,
  UNKNOWN_ID,
  type Rec,
} from './expect-xml';
import { childNames } from './outline';
import { createPart, partSetting, type PartSetting } from './part-fixtures';
import { partForms } from './part-forms';
import type { Target } from './targets';
import { targets } from './suite';

type Item = Record<string, XmlValue>;

const revisionOf = (part: Rec) => (part.revision as Rec).id as string;
const revisionPath = (part: Rec, revisionId = revisionOf(part)) => `/parts/${idOf(part)}/revisions/${revisionId}`;

/** `<subparts type="array">` (or with `listAttributes`) holding `items`. */
const subpartsXml = (items: readonly Item[], listAttributes = ' type="array"') =>
  `<subparts${listAttributes}>${items.map((item) => `<subpart>${xmlFields(item)}</subpart>`).join('')}</subparts>`;

/** `<part_revision>` with `fields`, then `<subparts type="array">` holding `items` (no list when undefined). */
function bulkBody(items: readonly Item[] | undefined, fields: Record<string, XmlValue> = {}, listAttributes = ' type="array"'): string {
  return xmlBody('part_revision', fields, items ? subpartsXml(items, listAttributes) : '');
}

/** An item naming `child` (its active revision unless `fields` says), quantity 1 unless `fields` says. */
const item = (child: Rec, fields: Item = {}): Item => ({ subpart_id: idOf(child), quantity: '1', ...fields });

/** The bill of `part`'s first revision, as its show lists it. */
async function billOf(target: Target, part: Rec): Promise<Rec[]> {
  const reply = await get(target, revisionPath(part));
  expectRecord(reply, 'part_revision', partForms.revisionShow());
  return expectNestedArray(reply, 'subparts', 'subpart', partForms.subpart);
}

/** [child part id, position] of each line. */
const order = (lines: readonly Rec[]) => lines.map((line) => [line.subpart_id, line.position]);

/** SPEC 7's per-item errors, status 400: one `subpart` per failing item with its number and its messages. */
function expectItemErrors(reply: Reply, failed: ReadonlyArray<readonly [number, readonly string[]]>): void {
  expectStatus(reply, 400);
  const doc = expectXmlDocument(reply);
  expect(doc.name, show(reply)).toBe('subparts');
  expect(doc.attributes.type, show(reply)).toBe('array');
  expect(childNames(doc), show(reply)).toEqual(failed.map(() => 'subpart'));
  doc.children.forEach((element, index) => {
    expect(childNames(element), show(reply)).toEqual(partForms.itemError);
    const list = element.children[1]!;
    expect(list.attributes.type, show(reply)).toBe('array');
    expect(childNames(list), show(reply)).toEqual(failed[index]![1].map(() => 'error'));
  });
  expect(reply.xml?.subparts, show(reply)).toEqual(failed.map(([number, messages]) => ({ number: String(number), errors: messages })));
}

describe.each(targets())('adding subparts to a revision on $name', (target) => {
  let setting: PartSetting;
  const part = async () => createPart(target, setting, { partnumber: unique('BULK') });
  const add = (assembly: Rec, options: RequestOptions, revisionId = revisionOf(assembly)) =>
    post(target, `${revisionPath(assembly, revisionId)}/subparts`, options);
  /** The revision's show form, as the add answers it; returns the bill it lists. */
  const answered = (reply: Reply) => {
    expectRecord(reply, 'part_revision', partForms.revisionShow());
    return expectNestedArray(reply, 'subparts', 'subpart', partForms.subpart);
  };

  it('adds several lines after the bill\'s own, in request order, and answers the revision with the whole bill', async () => {
    setting = await partSetting(target);
    const [assembly, first, second, third, fourth] = [await part(), await part(), await part(), await part(), await part()];
    const single = xmlBody('subpart', { part_id: idOf(assembly), partnumber: first.partnumber as string, quantity: '3' });
    expectRecord(await post(target, '/subpart', { body: single }), 'subpart', partForms.subpartResponse);
    const reply = await add(assembly, {
      body: bulkBody([
        item(second, { quantity: '2.50', build_sequence: 4, designator: 'R1 & R2', no_load: 1, comment: 'hand <fit>' }),
        item(third, { subpart_part_revision_id: revisionOf(third), no_load: 'false' }),
        item(fourth, { quantity: '0' }),
      ]),
    });
    const bill = answered(reply);
    expect((reply.xml?.part_revision as Rec).id).toBe(revisionOf(assembly));
    expect(order(bill)).toEqual([
      [String(idOf(first)), '1'],
      [String(idOf(second)), '2'],
      [String(idOf(third)), '3'],
      [String(idOf(fourth)), '4'],
    ]);
    expect(bill[1]).toMatchObject({
      quantity: '2.5', build_sequence: '4', designator: 'R1 & R2', comment: 'hand <fit>', no_load: 'true',
      part_id: String(idOf(assembly)), part_revision_id: revisionOf(assembly),
    });
    expect(bill[2]).toMatchObject({ quantity: '1.0', no_load: 'false', build_sequence: null, designator: null, comment: null });
    expect(bill[3]).toMatchObject({ quantity: '0.0' });
    expect(await billOf(target, assembly)).toEqual(bill);
  });

  it('reads a list without type="array" and a form body with bracket keys', async () => {
    setting = await partSetting(target);
    const [assembly, one, two, three] = [await part(), await part(), await part(), await part()];
    answered(await add(assembly, { body: bulkBody([item(one)], {}, '') }));
    const form = [
      ['part_revision[subparts][][subpart_id]', idOf(two)],
      ['part_revision[subparts][][quantity]', '5'],
      ['part_revision[subparts][][subpart_id]', idOf(three)],
      ['part_revision[subparts][][quantity]', '6'],
      ['part_revision[subparts][][no_load]', '1'],
    ]
      .map(([key, value]) => `${encodeURIComponent(key!)}=${encodeURIComponent(String(value))}`)
      .join('&');
    const bill = answered(await add(assembly, { form }));
    expect(bill.map((line) => [line.subpart_id, line.position, line.quantity, line.no_load])).toEqual([
      [String(idOf(one)), '1', '1.0', 'false'],
      [String(idOf(two)), '2', '5.0', 'false'],
      [String(idOf(three)), '3', '6.0', 'true'],
    ]);
  });

  it('reads lines sent in several wrappers as one list: the whole list sent again counts once, a line listed twice is two lines', async () => {
    setting = await partSetting(target);
    const [assembly, one, two, three] = [await part(), await part(), await part(), await part()];
    const whole = [item(one), item(two)];
    const body = xmlBody('part_revision', {}, subpartsXml(whole, '') + subpartsXml(whole) + subpartsXml([item(three), item(three)], ''));
    const bill = answered(await add(assembly, { body }));
    expect(order(bill)).toEqual([
      [String(idOf(one)), '1'],
      [String(idOf(two)), '2'],
      [String(idOf(three)), '3'],
      [String(idOf(three)), '4'],
    ]);
    expect(await billOf(target, assembly)).toEqual(bill);
  });

  it('with remove_existing, replaces the bill: the new lines from position 1; without it (or 0), keeps it', async () => {
    setting = await partSetting(target);
    const [assembly, one, two, three] = [await part(), await part(), await part(), await part()];
    answered(await add(assembly, { body: bulkBody([item(one), item(two)]) }));
    const kept = answered(await add(assembly, { body: bulkBody([item(three)], { remove_existing: 0 }) }));
    expect(order(kept)).toEqual([
      [String(idOf(one)), '1'],
      [String(idOf(two)), '2'],
      [String(idOf(three)), '3'],
    ]);
    const replaced = answered(await add(assembly, { body: bulkBody([item(three), item(one, { quantity: '7' })], { remove_existing: true }) }));
    expect(replaced.map((line) => [line.subpart_id, line.position, line.quantity])).toEqual([
      [String(idOf(three)), '1', '1.0'],
      [String(idOf(one)), '2', '7.0'],
    ]);
    expect(await billOf(target, assembly)).toEqual(replaced);
  });

  it('names every failing item in SPEC 7\'s shape, numbered from 1, and changes nothing (400)', async () => {
    setting = await partSetting(target);
    const [assembly, one, two, other] = [await part(), await part(), await part(), await part()];
    answered(await add(assembly, { body: bulkBody([item(one)]) }));
    const before = await billOf(target, assembly);
    const reply = await add(assembly, {
      body: bulkBody(
        [
          item(two),
          item(two, { quantity: '-1' }),
          { quantity: '1' },
          item(two, { subpart_part_revision_id: revisionOf(other) }),
          { subpart_id: UNKNOWN_ID, quantity: '-0.5' },
          item(two, { subpart_part_revision_id: UNKNOWN_ID }),
          { subpart_id: idOf(two) },
        ],
        { remove_existing: true },
      ),
    });
    expectItemErrors(reply, [
      [2, ['Quantity must be nonnegative.']],
      [3, ['You must specify a valid subpart.']],
      [4, ['Must belong to a valid subpart part revision.']],
      [5, ['Quantity must be nonnegative.', 'You must specify a valid subpart.']],
      [6, ['Must belong to a valid subpart part revision.']],
      [7, ["Quantity can't be blank"]],
    ]);
    expect(await billOf(target, assembly)).toEqual(before);
    expectItemErrors(await add(assembly, { body: bulkBody([item(one), item(two, { quantity: '-3' })]) }), [[2, ['Quantity must be nonnegative.']]]);
    expect(await billOf(target, assembly)).toEqual(before);
  });

  it('answers No subparts specified. (400) for an empty list and for none, changing nothing', async () => {
    setting = await partSetting(target);
    const [assembly, one] = [await part(), await part()];
    answered(await add(assembly, { body: bulkBody([item(one)]) }));
    const before = await billOf(target, assembly);
    for (const options of [
      { body: bulkBody([]) },
      { body: bulkBody([], { remove_existing: true }) },
      { body: bulkBody(undefined, { remove_existing: true }) },
      { body: bulkBody(undefined) },
      {},
    ]) {
      expectErrors(await add(assembly, options), 400, ['No subparts specified.']);
      expect(await billOf(target, assembly)).toEqual(before);
    }
  });

  it('answers 404 for an unknown part and for a revision that is not the part\'s, changing nothing', async () => {
    setting = await partSetting(target);
    const [assembly, other, one] = [await part(), await part(), await part()];
    const body = bulkBody([item(one)]);
    expectNotFound(await post(target, `/parts/${UNKNOWN_ID}/revisions/${revisionOf(assembly)}/subparts`, { body }), 'Part', UNKNOWN_ID);
    expectNotFound(await add(assembly, { body }, revisionOf(other)), 'PartRevision', revisionOf(other));
    expectNotFound(await add(assembly, { body }, String(UNKNOWN_ID)), 'PartRevision', UNKNOWN_ID);
    expect(await billOf(target, assembly)).toEqual([]);
    expect(await billOf(target, other)).toEqual([]);
  });

  it('refuses a revision that is not a draft (422), changing nothing', async () => {
    setting = await partSetting(target);
    const [assembly, one, two] = [await part(), await part(), await part()];
    answered(await add(assembly, { body: bulkBody([item(one)]) }));
    expectStatus(await post(target, `${revisionPath(assembly)}/release`), 200);
    const before = await billOf(target, assembly);
    expectErrors(await add(assembly, { body: bulkBody([item(two)], { remove_existing: true }) }), 422, [
      'Subparts can be changed only on a draft revision: revision A is Active',
    ]);
    expect(await billOf(target, assembly)).toEqual(before);
  });

  it('refuses a part that would contain itself, naming the path (422), changing nothing', async () => {
    setting = await partSetting(target);
    const [top, middle, bottom, loose] = [await part(), await part(), await part(), await part()];
    answered(await add(top, { body: bulkBody([item(middle)]) }));
    answered(await add(middle, { body: bulkBody([item(bottom)]) }));
    const before = await billOf(target, bottom);
    expectErrors(await add(bottom, { body: bulkBody([item(loose), item(top)], { remove_existing: true }) }), 422, [
      `A part cannot contain itself: ${bottom.partnumber} > ${top.partnumber} > ${middle.partnumber} > ${bottom.partnumber}`,
    ]);
    expect(await billOf(target, bottom)).toEqual(before);
    expectErrors(await add(bottom, { body: bulkBody([item(bottom)]) }), 422, [`A part cannot contain itself: ${bottom.partnumber} > ${bottom.partnumber}`]);
    expect(await billOf(target, bottom)).toEqual(before);
  });

  it('needs create_draft_revisions (403), checked before the body, changing nothing', async () => {
    setting = await partSetting(target);
    const [assembly, one, two] = [await part(), await part(), await part()];
    answered(await add(assembly, { body: bulkBody([item(one)]) }));
    const before = await billOf(target, assembly);
    const token = target.tokens.none;
    for (const body of [bulkBody([item(two)], { remove_existing: true }), bulkBody([])]) {
      expectForbidden(await add(assembly, { body, token }), 'Can create draft part revisions');
      expect(await billOf(target, assembly)).toEqual(before);
    }
  });
});
