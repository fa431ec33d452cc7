import { beforeEach, describe, expect, it } from 'vitest';
import { onHarness } from '../testing/on-harness.test-helper';
import { referenceSetting, type ReferenceSetting } from '../testing/reference-setting';
import type { PartCreateInput } from '../types/part-inputs';

const on = onHarness();

let setting: ReferenceSetting;

beforeEach(async () => {
  setting = await referenceSetting(on.client, 'ic');
});

const partInput = (manufacturer_pn: string, extra: Partial<PartCreateInput> = {}): PartCreateInput => ({
  manufacturer_pn,
  manufacturer_id: setting.manufacturerId,
  parttype_id: setting.parttypeId,
  unit_id: setting.eachId,
  revision: { revision_name: 'A' },
  ...extra,
});

describe('parts through the client', () => {
  it('creates a part and reads it back by id and by part number, values exact', async () => {
    const created = await on.client.parts.create(
      partInput('LM358 "dual" <op-amp>', {
        inventory_price: '0.0125',
        value_text: '4k7',
        reorder_quantity: '100',
        revision: { revision_name: 'A', rohs: true, description: 'Dual op-amp', x_package: 'SOIC-8', x_tolerance: null },
      }),
    );
    expect(created).toMatchObject({
      partnumber: 'IC000001',
      manufacturer_pn: 'LM358 "dual" <op-amp>',
      manufacturer_id: setting.manufacturerId,
      value: '4700.0',
      value_text: '4k7',
      inventory_price: '0.0125',
      reorder_quantity: '100.0',
      estimated_cost: null,
      manufactured_here: false,
      quotes: [],
      subparts: [],
      attachments: [],
      manufacturer_family: { id: setting.manufacturerId, name: 'Maker ic' },
      part_visibility_set: { id: null, name: null, description: null, short_name: null, position: null },
    });
    expect(created).not.toHaveProperty('x_outsourced');
    expect(created.revision).toMatchObject({ revision_name: 'A', status: 'Draft', rohs: true, description: 'Dual op-amp', released_at: null });
    expect(created.revision.x_package).toBe('SOIC-8');
    expect(created.revision.x_tolerance).toBeNull();
    expect(await on.client.parts.show(created.id)).toEqual(created);
    expect(await on.client.parts.show({ partnumber: 'IC000001' })).toEqual(created);
  });

  it('lists the whole list, one page with its pagination, and every page in turn', async () => {
    const ids: number[] = [];
    for (let n = 1; n <= 5; n++) ids.push((await on.client.parts.create(partInput(`PN-${n}`, { x_outsourced: n === 2 }))).id);
    const whole = await on.client.parts.list();
    expect(whole.map((part) => part.id)).toEqual(ids);
    expect(whole[0]).toMatchObject({ comment: null, rohs: null, active_revision: { revision_name: 'A', status: 'Draft' } });
    expect(whole[1]).toMatchObject({ x_outsourced: true, x_outsourcing_location: null });

    const second = await on.client.parts.page({ page: 2, per_page: 2 });
    expect(second.items.map((part) => part.manufacturer_pn)).toEqual(['PN-3', 'PN-4']);
    expect(second.pagination).toEqual({
      total_entries: 5,
      total_pages: 3,
      per_page: 2,
      current_page: 2,
      first_page: false,
      last_page: false,
      previous_page: 1,
      next_page: 3,
      out_of_range: false,
    });
    expect((await on.client.parts.page()).pagination).toMatchObject({ per_page: 25, current_page: 1, next_page: null });

    const walked: number[] = [];
    for await (const part of on.client.parts.all({ per_page: 2 })) walked.push(part.id);
    expect(walked).toEqual(ids);
  });

  it('filters the list by updated_on, the timestamp sent as an encoded query value', async () => {
    await on.client.parts.create(partInput('OLD'));
    await fetch(`${on.harness.url}/__harness/clock`, { method: 'POST', body: '<clock><now>2031-02-03T04:05:06Z</now></clock>', headers: { 'Content-Type': 'application/xml' } });
    const fresh = await on.client.parts.create(partInput('NEW'));
    const filter = { filter: { updated_on: { gte: '2031-02-03T05:00:00+01:00' } } };
    expect((await on.client.parts.list(filter)).map((part) => part.id)).toEqual([fresh.id]);
    expect((await on.client.parts.page({ ...filter, per_page: 1 })).pagination.total_entries).toBe(1);
    const walked = [];
    for await (const part of on.client.parts.all(filter)) walked.push(part.manufacturer_pn);
    expect(walked).toEqual(['NEW']);
  });

  it('updates the part and its revision, and deletes it by part number', async () => {
    const part = await on.client.parts.create(partInput('UPD', { revision: { revision_name: 'A', x_mass: '10 g' } }));
    const updated = await on.client.parts.update(part.id, {
      inventory_price: '2.50',
      preferred_vendor_id: setting.vendorId,
      revision: { comment: 'checked', x_package: 'DIP-8' },
    });
    expect(updated).toMatchObject({ inventory_price: '2.5', preferred_vendor_id: setting.vendorId });
    expect(updated.revision).toMatchObject({ comment: 'checked', x_package: 'DIP-8', x_mass: '10.0' });
    const byRevision = await on.client.parts.update({ partnumber: part.partnumber }, { revision: { description: 'rev A' } }, { revision_id: part.revision.id });
    expect(byRevision.revision.description).toBe('rev A');
    expect((await on.client.parts.show(part.id, { revision_id: part.revision.id })).revision.id).toBe(part.revision.id);
    await on.client.parts.delete({ partnumber: part.partnumber });
    expect(await on.client.parts.list()).toEqual([]);
  });

  it('keeps what was written for x_mass and x_power beside the number, in every form a revision comes in', async () => {
    const part = await on.client.parts.create(partInput('HEAVY', { revision: { revision_name: 'A', x_mass: '10 g', x_power: '1k5 W', x_package: 'TO-220' } }));
    const written = { x_mass: '10 g', x_power: '1k5 W' };
    expect(part.revision).toMatchObject({ x_mass: '10.0', x_power: '1500.0', x_package: 'TO-220', value_texts: written });
    expect((await on.client.parts.show(part.id)).revision.value_texts).toEqual(written);
    expect((await on.client.parts.list())[0]!.active_revision?.value_texts).toEqual(written);
    expect((await on.client.revisions.list(part.id))[0]!.value_texts).toEqual(written);
    expect((await on.client.revisions.show(part.id, part.revision.id)).value_texts).toEqual(written);
    // Cleared, the attribute stays, empty, and so does what was written.
    const cleared = await on.client.parts.update(part.id, { revision: { x_mass: null } });
    expect(cleared.revision).toMatchObject({ x_mass: null, value_texts: { x_mass: '', x_power: '1k5 W' } });
  });

  it('adds vendor part numbers and quotes, shown inside the part, and removes them', async () => {
    const part = await on.client.parts.create(partInput('QUOTED'));
    await on.client.vendorPartNumbers.create({ part_id: part.id, vendor_id: setting.vendorId, part_number: '296-1395-5-ND', comment: 'cut tape' });
    await on.client.quotes.create({
      part_id: part.id,
      vendor_id: setting.vendorId,
      price: '0.0125',
      quantity_min: '2500',
      quantity_mult: '0.5',
      leadtime: 14,
      valid_for: 30,
      currency_id: 'eur',
    });
    const shown = await on.client.parts.show(part.id);
    expect(shown.vendor_part_numbers).toEqual([{ vendor_id: setting.vendorId, part_number: '296-1395-5-ND', comment: 'cut tape', id: expect.any(Number) }]);
    expect(shown.quotes).toEqual([
      {
        id: expect.any(Number),
        vendor_id: setting.vendorId,
        price: '0.0125',
        quantity_min: '2500.0',
        quantity_mult: '0.5',
        leadtime: 14,
        updated_on: expect.stringMatching(/ \+0000$/),
        expires_on: expect.stringMatching(/ \+0000$/),
        unit_id: null,
        unit_conversion_id: null,
        inventory: null,
        comment: null,
        currency: 'EUR',
      },
    ]);
    await on.client.quotes.delete(shown.quotes[0]!.id);
    await on.client.vendorPartNumbers.delete(shown.vendor_part_numbers[0]!.id);
    expect(await on.client.parts.show(part.id)).toMatchObject({ quotes: [], vendor_part_numbers: [] });
  });

  it('called every function of its groups', () => {
    expect(on.recorded.uncalled(['parts', 'vendorPartNumbers', 'quotes'])).toEqual([]);
  });
});
