// Set-up for the part use-case tests (on the fake store); nothing the build ships imports it.

import type { Context } from '../context';
import { createRecord } from '../reference/engine/create-record';
import { parseRecord } from '../reference/engine/record-input';
import { manufacturerResource } from '../reference/manufacturer';
import { parttypeResource } from '../reference/parttype';
import { unitResource } from '../reference/unit';

/** What a part needs, made through the reference use cases: ids as a body sends them. */
export async function partSetting(ctx: Context, parttype: Record<string, string> = {}) {
  return {
    manufacturer_id: String((await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'Yageo' }))).row.id),
    parttype_id: String((await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Resistor', ...parttype }))).row.id),
    unit_id: String((await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Each' }))).row.id),
  };
}

/** A part body: the setting, `fields` on top, a first revision named A. */
export function partBody(setting: Awaited<ReturnType<typeof partSetting>>, fields: Record<string, unknown> = {}) {
  return { manufacturer_pn: 'RC0402', ...setting, revision: { revision_name: 'A' }, ...fields };
}
