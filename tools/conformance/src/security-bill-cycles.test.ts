import { afterEach, describe, expect, it } from 'vitest';
import { del, get, post, put, xmlBody, type Reply, type XmlValue } from './client';
import { expectEmpty, expectErrors, expectList, expectNestedArray, expectRecord, idOf, type Rec } from './expect-xml';
import { createPart, partSetting, type PartSetting } from './part-fixtures';
import { partForms } from './part-forms';
import { targets } from './suite';

// No part contains itself, however deep the bills go and whichever write would close the loop: a
// line added, a line re-pointed, a bulk add, a release that re-points or copies its ancestors'
// bills. Each refusal is followed by a read-back showing nothing changed. The reads keep their own
// bound (an exploded bill lists at most 50 levels) and say so; no write depends on it. Each case
// removes the parts it made: the targets are shared, and hundreds of parts left behind would
// swell every whole list other files read.

const REVISION_SHOW = [...partForms.revision(), 'part', 'subparts'];
const BOM_LINE = [
  'id', 'depth', 'path', 'subpart_id', 'partnumber', 'subpart_part_revision_id', 'quantity', 'extended_quantity',
  'no_load', 'designator', 'assembly', 'unit_cost', 'unit_cost_source', 'quote_id', 'extended_cost',
];
const GUARD = 'bypass_part_ancestor_up_rev_guard=true';

/** Short part numbers, unique per run (the server targets are never emptied): long paths stay readable. */
const runTag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

const contains = (path: readonly Rec[]) => `A part cannot contain itself: ${path.map((part) => part.partnumber as string).join(' > ')}`;

describe.each(targets())('bills: no part contains itself, at any depth, on $name', (target) => {
  let setting: PartSetting;
  let made: Rec[] = [];
  const make = async (partnumber: string) => {
    const part = await createPart(target, setting, { partnumber });
    made.push(part);
    return part;
  };

  /**
   * Deletes every part the case made. A part listed on a bill cannot be deleted, so each pass
   * deletes those no bill lists any more (in the order made, a chain goes in one pass); when a pass
   * deletes none, the lines on the remaining parts' drafts are taken off first, which undoes the
   * bills whose parts list each other through different revisions.
   */
  async function removeMade(): Promise<void> {
    let left = made;
    made = [];
    while (left.length > 0) {
      const kept: Rec[] = [];
      for (const part of left) if ((await del(target, `/part/${idOf(part)}`)).status !== 200) kept.push(part);
      if (kept.length === left.length && (await takeDraftLinesOff(kept)) === 0) {
        throw new Error(`parts left behind: ${kept.map((part) => part.partnumber as string).join(', ')}`);
      }
      left = kept;
    }
  }
  async function takeDraftLinesOff(parts: readonly Rec[]): Promise<number> {
    let removed = 0;
    for (const part of parts) {
      for (const revision of await revisions(part)) {
        if (revision.status !== 'Draft') continue;
        for (const [line] of await bill(part, revision.id as string)) if ((await del(target, `/subpart/${line}`)).status === 200) removed++;
      }
    }
    return removed;
  }
  afterEach(removeMade, 300_000);
  const firstRevision = (part: Rec) => (part.revision as Rec).id as string;

  /** POST subpart: `child` (by part number: its active revision, or the revision `fields` names) on `assembly`'s draft, or on the revision `fields` names. */
  const addLine = (assembly: Rec, child: Rec, fields: Record<string, XmlValue> = {}): Promise<Reply> =>
    post(target, '/subpart', { body: xmlBody('subpart', { part_id: idOf(assembly), partnumber: child.partnumber as string, quantity: '1', ...fields }) });
  const added = async (reply: Promise<Reply>) => expectRecord(await reply, 'subpart', partForms.subpartResponse).id as string;

  /** Parts named `${tag}-0` … `${tag}-${n - 1}`, each listed on the draft of the one before. */
  async function chain(tag: string, n: number): Promise<Rec[]> {
    const parts: Rec[] = [];
    for (let i = 0; i < n; i++) {
      parts.push(await make(`${tag}-${i}`));
      if (i > 0) await added(addLine(parts[i - 1]!, parts[i]!));
    }
    return parts;
  }

  const revisions = async (part: Rec) =>
    expectList(await get(target, `/parts/${idOf(part)}/revisions`), 'part_revisions', 'part_revision', partForms.revision());
  /** [name, status] of each of the part's revisions, oldest first. */
  const states = async (part: Rec) => (await revisions(part)).map((r) => [r.revision_name, r.status]);
  /** [line id, child part] of each line of a revision's bill, as its show lists them. */
  async function bill(part: Rec, revisionId: string): Promise<string[][]> {
    const reply = await get(target, `/parts/${idOf(part)}/revisions/${revisionId}`);
    expectRecord(reply, 'part_revision', REVISION_SHOW);
    return expectNestedArray(reply, 'subparts', 'subpart', partForms.subpart).map((l) => [l.id, l.subpart_id] as string[]);
  }
  /** The child revision each line of a (shallow) bill uses, as its exploded first level shows them (the show has no such field). */
  async function childRevisions(part: Rec, revisionId: string): Promise<string[]> {
    const reply = await get(target, `/parts/${idOf(part)}/revisions/${revisionId}/bom`, { query: 'levels=1' });
    return expectNestedArray(reply, 'lines', 'line', BOM_LINE).map((l) => l.subpart_part_revision_id as string);
  }
  const release = (part: Rec, revisionId: string, query = '') => post(target, `/parts/${idOf(part)}/revisions/${revisionId}/release`, { query });
  const draftFrom = async (part: Rec, sourceId: string) =>
    expectRecord(await post(target, `/parts/${idOf(part)}/revisions`, { query: `id=${sourceId}` }), 'part_revision', REVISION_SHOW).id as string;
  const explode = (part: Rec, revisionId: string) => get(target, `/parts/${idOf(part)}/revisions/${revisionId}/bom`);
  const tooDeep = (reply: Reply) => expectErrors(reply, 422, ['The bill of materials is nested deeper than 50 levels']);

  it('refuses the top of a 60-level chain under its bottom through POST subpart, the bulk add and a re-pointed line, changing nothing', async () => {
    setting = await partSetting(target);
    const tag = runTag();
    const parts = await chain(`D${tag}`, 60);
    const [top, bottom] = [parts[0]!, parts[59]!];
    const loop = contains([bottom, ...parts]);
    expectErrors(await addLine(bottom, top), 422, [loop]);
    const bulk = xmlBody('part_revision', {}, `<subparts type="array"><subpart><subpart_id>${idOf(top)}</subpart_id><quantity>1</quantity></subpart></subparts>`);
    expectErrors(await post(target, `/parts/${idOf(bottom)}/revisions/${firstRevision(bottom)}/subparts`, { body: bulk }), 422, [loop]);
    // A line on the bottom, re-pointed to the top by part_id (and by part number).
    const leaf = await make(`D${tag}-LEAF`);
    const line = await added(addLine(bottom, leaf));
    const kept = [[line, String(idOf(leaf))]];
    expectErrors(await put(target, `/subpart/${line}`, { body: xmlBody('subpart', { part_id: idOf(top) }) }), 422, [loop]);
    expectErrors(await put(target, `/subpart/${line}`, { body: xmlBody('subpart', { partnumber: top.partnumber as string }) }), 422, [loop]);
    expect(await bill(bottom, firstRevision(bottom))).toEqual(kept);
    // The reads keep their bound and say it: the top's bill is 60 levels deep, the 11th part's exactly 50.
    tooDeep(await explode(top, firstRevision(top)));
    const fifty = expectNestedArray(await explode(parts[10]!, firstRevision(parts[10]!)), 'lines', 'line', BOM_LINE);
    expect(fifty.map((l) => l.depth)).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 1)));
    expect(fifty.at(-1)).toMatchObject({ subpart_id: String(idOf(leaf)), assembly: 'false' });
  });

  it('refuses a line that would make a part above the assembly contain itself, 55 levels up', async () => {
    setting = await partSetting(target);
    const tag = runTag();
    // T's released revision A; its draft B lists Q-0 → … → Q-54 → P. P then listing T's revision A
    // would make T (at B) contain T (at A).
    const t = await make(`U${tag}-T`);
    expectEmpty(await release(t, firstRevision(t)));
    const tB = await draftFrom(t, firstRevision(t));
    const between = await chain(`U${tag}-Q`, 55);
    const p = await make(`U${tag}-P`);
    await added(addLine(between.at(-1)!, p));
    await added(addLine(t, between[0]!, { part_revision_id: tB }));
    expectErrors(await addLine(p, t, { subpart_part_revision_id: firstRevision(t) }), 422, [contains([t, ...between, p, t])]);
    expect(await bill(p, firstRevision(p))).toEqual([]);
    // T at its draft may list itself nowhere, either: its own revision A is refused on B directly.
    expectErrors(await addLine(t, t, { part_revision_id: tB, subpart_part_revision_id: firstRevision(t) }), 422, [contains([t, t])]);
    expect((await bill(t, tB)).map((l) => l[1])).toEqual([String(idOf(between[0]!))]);
  });

  it('refuses a release whose ancestor draft, re-pointed to it, would contain its own part, changing nothing', async () => {
    setting = await partSetting(target);
    const tag = runTag();
    // A: revision 1 (no lines, obsolete), 2 (active, lists P), a draft copied from 2.
    // P: its old revision (active) and a new draft that lists A's revision 1.
    const [a, p] = [await make(`R${tag}-A`), await make(`R${tag}-P`)];
    const [a1, pOld] = [firstRevision(a), firstRevision(p)];
    for (const [part, revision] of [[a, a1], [p, pOld]] as const) expectEmpty(await release(part, revision));
    const a2 = await draftFrom(a, a1);
    await added(addLine(a, p, { part_revision_id: a2 }));
    expectEmpty(await release(a, a2));
    const aDraft = await draftFrom(a, a2);
    const pNew = await draftFrom(p, pOld);
    await added(addLine(p, a, { part_revision_id: pNew, subpart_part_revision_id: a1 }));
    expect(await childRevisions(a, aDraft)).toEqual([pOld]);
    // Released, P's new revision would be what A's draft lists: A's draft would hold A's revision 1.
    expectErrors(await release(p, pNew), 422, [contains([a, p, a])]);
    expect(await states(p)).toEqual([['A', 'Active'], ['B', 'Draft']]);
    expect(await states(a)).toEqual([['A', 'Obsolete'], ['B', 'Active'], ['C', 'Draft']]);
    expect(await childRevisions(a, aDraft)).toEqual([pOld]);
  });

  it('refuses a release with the bypass whose new ancestor draft would contain its own part 57 levels down, changing nothing', async () => {
    setting = await partSetting(target);
    const tag = runTag();
    // A: revision 1 (no lines, obsolete), 2 (active, lists P, no draft). P's new draft lists
    // Q-0 → … → Q-54 → A's revision 1; released with the bypass it would give A a new draft from 2
    // listing it.
    const [a, p] = [await make(`B${tag}-A`), await make(`B${tag}-P`)];
    const [a1, pOld] = [firstRevision(a), firstRevision(p)];
    for (const [part, revision] of [[a, a1], [p, pOld]] as const) expectEmpty(await release(part, revision));
    const a2 = await draftFrom(a, a1);
    await added(addLine(a, p, { part_revision_id: a2 }));
    expectEmpty(await release(a, a2));
    const between = await chain(`B${tag}-Q`, 55);
    await added(addLine(between.at(-1)!, a, { subpart_part_revision_id: a1 }));
    const pNew = await draftFrom(p, pOld);
    await added(addLine(p, between[0]!, { part_revision_id: pNew }));
    expectErrors(await release(p, pNew), 422, [
      `Releasing this revision would up-revise ${a.partnumber as string}: list them with action keep, or send bypass_part_ancestor_up_rev_guard=true`,
    ]);
    expectErrors(await release(p, pNew, GUARD), 422, [contains([a, p, ...between, a])]);
    expect(await states(p)).toEqual([['A', 'Active'], ['B', 'Draft']]);
    expect(await states(a)).toEqual([['A', 'Obsolete'], ['B', 'Active']]);
    expect(await childRevisions(a, a2)).toEqual([pOld]);
    // Kept, A is left as it is and the release goes through.
    const keep = `<part_ancestors type="array"><part_ancestor><id>${idOf(a)}</id><action>keep</action></part_ancestor></part_ancestors>`;
    expectEmpty(await post(target, `/parts/${idOf(p)}/revisions/${pNew}/release`, { body: `<part_revision>${keep}</part_revision>` }));
    expect(await states(a)).toEqual([['A', 'Obsolete'], ['B', 'Active']]);
  });

  it(
    'builds, reads (within the 50 levels reads list), copies and releases a 500-level chain, and refuses its top under its bottom',
    async () => {
      setting = await partSetting(target);
      const tag = runTag();
      const parts = await chain(`C${tag}`, 500);
      const [top, bottom] = [parts[0]!, parts[499]!];
      tooDeep(await explode(top, firstRevision(top)));
      const fifty = expectNestedArray(await explode(parts[449]!, firstRevision(parts[449]!)), 'lines', 'line', BOM_LINE);
      expect(fifty.map((l) => l.subpart_id)).toEqual(parts.slice(450).map((part) => String(idOf(part))));
      const usedOn = expectList(await get(target, `/parts/${idOf(bottom)}/revisions/${firstRevision(bottom)}/part_ancestors`), 'part_ancestors', 'part', partForms.ancestor);
      expect(usedOn.map((part) => part.id)).toEqual([String(idOf(parts[498]!))]);
      expectErrors(await addLine(bottom, top), 422, [contains([bottom, ...parts])]);
      expect(await bill(bottom, firstRevision(bottom))).toEqual([]);

      // Released bottom up: each ancestor is still a draft, re-pointed in place.
      for (const part of [...parts].reverse()) expectEmpty(await release(part, firstRevision(part)));
      expect(await states(top)).toEqual([['A', 'Active']]);
      // A copy of the bottom is guarded like the original: the top under it is refused.
      const bottomB = await draftFrom(bottom, firstRevision(bottom));
      expectErrors(await addLine(bottom, top, { part_revision_id: bottomB }), 422, [contains([bottom, ...parts])]);
      // Released with the bypass, the bottom's new revision gives the part above it a new draft.
      expectEmpty(await release(bottom, bottomB, GUARD));
      expect(await states(parts[498]!)).toEqual([['A', 'Active'], ['B', 'Draft']]);
      const aboveB = (await revisions(parts[498]!))[1]!.id as string;
      expect(await childRevisions(parts[498]!, aboveB)).toEqual([bottomB]);
      tooDeep(await explode(top, firstRevision(top)));
    },
    600_000,
  );

  it('lets only some of several concurrent lines that together would close a loop land, and reads back what landed', async () => {
    setting = await partSetting(target);
    const tag = runTag();
    // Rings: part i lists its middle part i+m once its edit lands, and i+m already lists part i+1:
    // the ring closes only if every edit lands. The edits lock different rows, so only the check's
    // turns keep them apart.
    const sizes = [2, 2, 2, 2, 2, 2, 3, 3, 4];
    const rings: Rec[][] = [];
    const edits: Array<() => Promise<Reply>> = [];
    for (const [r, size] of sizes.entries()) {
      const ring: Rec[] = [];
      for (let i = 0; i < size; i++) ring.push(await make(`K${tag}-${r}-${i}`));
      for (let i = 0; i < size; i++) {
        const middle = await make(`K${tag}-${r}-${i}m`);
        await added(addLine(middle, ring[(i + 1) % size]!));
        edits.push(() => addLine(ring[i]!, middle));
      }
      rings.push(ring);
    }
    const replies = await Promise.all(edits.map((edit) => edit()));
    let at = 0;
    for (const [r, size] of sizes.entries()) {
      const ring = replies.slice(at, at + size);
      for (const reply of ring) expect([200, 422], reply.text).toContain(reply.status);
      expect(ring.filter((reply) => reply.status === 422)).toHaveLength(1);
      for (const [i, part] of rings[r]!.entries()) expect((await bill(part, firstRevision(part))).length).toBe(ring[i]!.status === 200 ? 1 : 0);
      at += size;
    }
  });
});
