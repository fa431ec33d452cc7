import { describe, expect, it } from 'vitest';
import { onHarness } from '../testing/on-harness.test-helper';

const on = onHarness();

describe('reference resources through the client', () => {
  it('creates, shows, lists, updates and deletes customers and their contacts, decimals as exact strings', async () => {
    const customer = await on.client.customers.create({ name: 'Acme & Co <UK>', discount: '0.0125', credit_limit: '1e5' });
    expect(customer).toEqual({
      id: customer.id,
      name: 'Acme & Co <UK>',
      email: null,
      discount: '0.0125',
      tax_identification_number: null,
      account_number: null,
      credit_terms: null,
      credit_limit: '1e5',
      payment_method: null,
      contacts: [],
    });
    const contact = await on.client.contacts.create({ first_name: 'Jane', last_name: 'Doe', customer_id: customer.id, city: 'Leeds' });
    expect(contact).toMatchObject({ first_name: 'Jane', last_name: 'Doe', customer_id: customer.id, vendor_id: null, city: 'Leeds', address1: null });
    expect(contact.created_on).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [-+]\d{4}$/);
    expect(await on.client.customers.show(customer.id)).toMatchObject({ contacts: [{ id: contact.id }] });
    expect(await on.client.contacts.list()).toEqual([
      { id: contact.id, first_name: 'Jane', last_name: 'Doe', email: null, created_at: expect.stringMatching(/T.*[-+]\d\d:\d\d$/), updated_at: expect.any(String) },
    ]);
    expect(await on.client.contacts.show(contact.id)).toEqual(contact);
    expect(await on.client.contacts.update(contact.id, { email: 'jane@acme.example', city: null })).toMatchObject({ email: 'jane@acme.example', city: null });
    const updated = await on.client.customers.update(customer.id, { discount: '12.5', email: 'buy@acme.example' });
    expect(updated).toMatchObject({ discount: '12.5', email: 'buy@acme.example', name: 'Acme & Co <UK>' });
    expect(await on.client.customers.list()).toEqual([updated]);
    await on.client.contacts.delete(contact.id);
    await on.client.customers.delete(customer.id);
    expect(await on.client.customers.list()).toEqual([]);
    expect(await on.client.contacts.list()).toEqual([]);
  });

  it('links manufacturers and vendors through linecards, both ways', async () => {
    const maker = await on.client.manufacturers.create({ name: 'Texas Instruments', short_name: 'TI', website: 'https://www.ti.com' });
    const vendor = await on.client.vendors.create({ name: 'Digi-Key', account_number: 'DK-1' });
    await on.client.linecards.create({ manufacturer_id: maker.id, vendor_id: vendor.id });
    // Linking a linked pair again changes nothing.
    await on.client.linecards.create({ manufacturer_id: maker.id, vendor_id: vendor.id });
    expect(await on.client.manufacturers.show(maker.id)).toMatchObject({ name: 'Texas Instruments', short_name: 'TI', vendors: [{ id: vendor.id }] });
    expect(await on.client.vendors.show(vendor.id)).toMatchObject({ account_number: 'DK-1', manufacturers: [{ id: maker.id }] });
    expect(await on.client.manufacturers.list()).toEqual([expect.objectContaining({ id: maker.id, name: 'Texas Instruments', short_name: 'TI' })]);
    expect(await on.client.vendors.list()).toEqual([expect.objectContaining({ id: vendor.id, name: 'Digi-Key', short_name: null })]);
    await on.client.linecards.delete({ manufacturer_id: maker.id, vendor_id: vendor.id });
    expect((await on.client.manufacturers.show(maker.id)).vendors).toEqual([]);
    expect(await on.client.manufacturers.update(maker.id, { city: 'Dallas' })).toMatchObject({ city: 'Dallas', name: 'Texas Instruments' });
    expect(await on.client.vendors.update(vendor.id, { short_name: 'DK' })).toMatchObject({ short_name: 'DK' });
    await on.client.manufacturers.delete(maker.id);
    await on.client.vendors.delete(vendor.id);
    expect([await on.client.manufacturers.list(), await on.client.vendors.list()]).toEqual([[], []]);
  });

  it('keeps part types with their parents, and units with their conversions', async () => {
    const passive = await on.client.parttypes.create({ name: 'Passive', parent_only: true, attrition: '0' });
    const resistor = await on.client.parttypes.create({ name: 'Resistor', attrition: '0.5', partnumber_key: 'RES', parent_id: passive.id, part_next: 7 });
    expect(resistor).toEqual({
      id: resistor.id,
      name: 'Resistor',
      attrition: '0.5',
      is_non_material: false,
      part_next: 7,
      partnumber_key: 'RES',
      parent_id: passive.id,
      parent: 'Passive',
      parent_only: false,
      label_id: null,
      label: null,
    });
    expect(await on.client.parttypes.update(resistor.id, { attrition: '1.25' })).toMatchObject({ attrition: '1.25', part_next: 7 });
    expect((await on.client.parttypes.list()).map((type) => type.name)).toEqual(['Passive', 'Resistor']);
    expect(await on.client.parttypes.show(passive.id)).toMatchObject({ parent_only: true, parent: null });

    const reel = await on.client.units.create({ name: 'Reel', description: 'Reel of 5000', allow_fractional: false });
    const each = await on.client.units.create({ name: 'Each' });
    const conversion = await on.client.unitConversions.create({ from_unit_id: reel.id, to_unit_id: each.id, factor: '5000' });
    expect(conversion).toEqual({ id: conversion.id, from_unit_id: reel.id, to_unit_id: each.id, factor: '5000.0' });
    expect(await on.client.units.show(reel.id)).toEqual({
      id: reel.id,
      name: 'Reel',
      description: 'Reel of 5000',
      allow_fractional: false,
      unit_conversions: [{ id: conversion.id, to_unit_id: each.id, factor: '5000.0' }],
    });
    expect(await on.client.units.list()).toEqual([
      { id: reel.id, name: 'Reel', description: 'Reel of 5000' },
      { id: each.id, name: 'Each', description: null },
    ]);
    await on.client.unitConversions.delete(conversion.id);
    expect(await on.client.units.update(reel.id, { description: null })).toMatchObject({ description: null, unit_conversions: [] });
    await on.client.units.delete(each.id);
    await on.client.parttypes.delete(resistor.id);
    expect(await on.client.units.list()).toEqual([{ id: reel.id, name: 'Reel', description: null }]);
  });

  it('makes locations with their sublocations, and sublocations on their own', async () => {
    const location = await on.client.inventoryLocations.create({
      name: 'Main',
      shortname: 'MAIN',
      timezone: 'Europe/London',
      inventory_sublocations: [{ name: 'Shelf A', has_bins: true }, { name: 'Shelf B' }],
    });
    expect(location.inventory_sublocation.map((s) => s.name)).toEqual(['Shelf A', 'Shelf B']);
    const cage = await on.client.inventorySublocations.create({ name: 'Cage', inventory_location_id: location.id, has_bins: true });
    expect(cage).toMatchObject({ name: 'Cage', inventory_location_id: location.id, has_bins: true });
    expect(await on.client.inventorySublocations.show(cage.id)).toEqual(cage);
    expect(await on.client.inventorySublocations.update(cage.id, { name: 'Cage 1', has_bins: false })).toMatchObject({ name: 'Cage 1', has_bins: false });
    expect((await on.client.inventoryLocations.show(location.id)).inventory_sublocation).toHaveLength(3);
    await on.client.inventorySublocations.delete(cage.id);

    // One sublocation still reads as a list of one.
    const small = await on.client.inventoryLocations.create({ name: 'Small' });
    expect(small.inventory_sublocation).toEqual([{ id: expect.any(Number), name: 'Default' }]);
    expect(await on.client.inventoryLocations.update(small.id, { city: 'York' })).toMatchObject({ city: 'York', shortname: null });
    expect((await on.client.inventoryLocations.list()).map((l) => [l.name, l.timezone])).toEqual([
      ['Main', 'Europe/London'],
      ['Small', null],
    ]);
    await on.client.inventoryLocations.delete(small.id);
    expect((await on.client.inventoryLocations.list()).map((l) => l.name)).toEqual(['Main']);
  });

  it('called every function of its groups', () => {
    expect(
      on.recorded.uncalled(['customers', 'contacts', 'manufacturers', 'vendors', 'parttypes', 'units', 'inventoryLocations', 'inventorySublocations', 'unitConversions', 'linecards']),
    ).toEqual([]);
  });
});
