import type { PipsClient } from '../client';

/** What a part needs, made through the client: a manufacturer, a part type, units, a vendor and a location with two shelves. */
export interface ReferenceSetting {
  readonly manufacturerId: number;
  readonly parttypeId: number;
  readonly eachId: number;
  readonly meterId: number;
  readonly vendorId: number;
  readonly locationId: number;
  readonly shelfIds: readonly [number, number];
}

export async function referenceSetting(client: PipsClient, tag: string): Promise<ReferenceSetting> {
  const manufacturer = await client.manufacturers.create({ name: `Maker ${tag}` });
  const parttype = await client.parttypes.create({ name: `Type ${tag}`, partnumber_key: tag.toUpperCase().slice(0, 3) });
  const each = await client.units.create({ name: `Each ${tag}`, allow_fractional: false });
  const meter = await client.units.create({ name: `Meter ${tag}`, allow_fractional: true });
  const vendor = await client.vendors.create({ name: `Vendor ${tag}` });
  const location = await client.inventoryLocations.create({
    name: `Store ${tag}`,
    shortname: tag.toUpperCase(),
    inventory_sublocations: [{ name: 'Shelf A', has_bins: true }, { name: 'Shelf B' }],
  });
  const [a, b] = location.inventory_sublocation;
  if (!a || !b) throw new Error('the location should have two shelves');
  return {
    manufacturerId: manufacturer.id,
    parttypeId: parttype.id,
    eachId: each.id,
    meterId: meter.id,
    vendorId: vendor.id,
    locationId: location.id,
    shelfIds: [a.id, b.id],
  };
}
