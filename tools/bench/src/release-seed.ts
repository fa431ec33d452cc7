import { send } from './inventory-seed';
import { TOKEN } from './server';
import { revisionIdOf } from './write-targets';

/** A part to release, as one request of the target uses it up: its draft, over a released revision a parent's uses. */
export interface Family {
  partId: number;
  draftId: number;
  /** The part whose current revision lists it: the one the release gives a new draft. */
  parentId: number;
}

/** What the families' parts refer to. */
interface Setting {
  manufacturer: number;
  parttype: number;
  measure: number;
}

/**
 * One family: LEAF used by MID used by TOP, all three released, LEAF with a new draft. Releasing
 * that draft (the guard lifted) gives MID, LEAF's one ancestor, a new draft pointing at it.
 */
async function seedFamily(api: string, setting: Setting, name: string): Promise<Family> {
  const part = async (role: string) => {
    const partnumber = `${name}-${role}`;
    const body =
      `<part><partnumber>${partnumber}</partnumber><manufacturer_pn>${partnumber}</manufacturer_pn><manufacturer_id>${setting.manufacturer}</manufacturer_id>` +
      `<parttype_id>${setting.parttype}</parttype_id><unit_id>${setting.measure}</unit_id><revision><revision_name>A</revision_name></revision></part>`;
    const made = await send(`${api}/part`, body);
    return { id: made.id, partnumber, revisionId: revisionIdOf(made.text) };
  };
  const [leaf, mid, top] = [await part('LEAF'), await part('MID'), await part('TOP')];
  const line = (assembly: { revisionId: number }, child: { partnumber: string }) =>
    send(`${api}/subpart`, `<subpart><part_revision_id>${assembly.revisionId}</part_revision_id><partnumber>${child.partnumber}</partnumber><quantity>1</quantity></subpart>`);
  await line(mid, leaf);
  await line(top, mid);
  // Released bottom up: each parent's draft already names the child's revision, so it is left as it is.
  for (const each of [leaf, mid, top]) await send(`${api}/parts/${each.id}/revisions/${each.revisionId}/release`, '<part_revision></part_revision>');
  const draft = await send(`${api}/parts/${leaf.id}/revisions?id=${leaf.revisionId}`, '<part_revision></part_revision>');
  return { partId: leaf.id, draftId: draft.id, parentId: mid.id };
}

/** `count` families made through the API, `parallel` at a time. */
export async function seedFamilies(url: string, count: number, parallel = 4): Promise<Family[]> {
  const api = `${url}/api/v2/${TOKEN}`;
  const stamp = Date.now();
  const setting: Setting = {
    measure: (await send(`${api}/unit`, `<unit><name>bench release ${stamp}</name></unit>`)).id,
    manufacturer: (await send(`${api}/manufacturer`, `<manufacturer><name>bench release ${stamp}</name></manufacturer>`)).id,
    parttype: (await send(`${api}/parttype`, `<parttype><name>bench release ${stamp}</name></parttype>`)).id,
  };
  const families: Family[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) families[n] = await seedFamily(api, setting, `BENCH-REL-${stamp}-${n}`);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return families;
}
