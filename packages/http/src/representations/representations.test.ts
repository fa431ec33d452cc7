import { describe, expect, it } from 'vitest';
import type { Contact, Customer, InventoryLocation, Manufacturer, Parttype, Unit } from '@pips/domain';
import { buildElement } from '@pips/xml';
import { timeFormat } from '../time-format';
import { contactShowForm } from './contact';
import { customerForm } from './customer';
import { locationShowForm } from './inventory-location';
import { companyListForm, manufacturerShowForm } from './manufacturer';
import { parttypeForm } from './parttype';
import { unitShowForm } from './unit';
import { bool, decimal, int } from './values';

const time = timeFormat('America/Los_Angeles');
const stamps = { created_at: new Date('2016-01-25T04:11:47Z'), updated_at: new Date('2016-07-01T12:00:00Z') };
const address = {
  address1: '1 Main St',
  address2: null,
  address3: null,
  city: 'Dallas',
  state: 'TX',
  postcode: null,
  country: 'US',
  phone1: null,
  phone2: null,
  phone3: null,
};
/** Element names in order, one per line, so a test reads as the field list it checks. */
const names = (xml: string) => [...xml.matchAll(/^ {2}<([a-z_0-9]+)/gm)].map((m) => m[1]);

describe('representations', () => {
  const manufacturer: Manufacturer = { id: 3, name: 'TI', short_name: null, website: 'ti.com', ...address, ...stamps };

  it('writes the abbreviated manufacturer list form with ISO timestamps', () => {
    expect(buildElement('manufacturer', companyListForm({ row: manufacturer }, time))).toBe(
      [
        '<manufacturer>',
        '  <id>3</id>',
        '  <name>TI</name>',
        '  <short_name/>',
        '  <created_at>2016-01-24T20:11:47-08:00</created_at>',
        '  <updated_at>2016-07-01T05:00:00-07:00</updated_at>',
        '</manufacturer>',
        '',
      ].join('\n'),
    );
  });

  it('writes the manufacturer show form with its vendors by id', () => {
    const xml = buildElement('manufacturer', manufacturerShowForm({ row: manufacturer, related: { vendorIds: [5, 7] } }, time));
    expect(names(xml)).toEqual([
      'id', 'name', 'short_name', 'website', 'address1', 'address2', 'address3', 'city', 'state',
      'postcode', 'country', 'phone1', 'phone2', 'phone3', 'vendors',
    ]);
    expect(xml).toContain('<vendors type="array">\n    <vendor>\n      <id>5</id>\n    </vendor>\n    <vendor>\n      <id>7</id>');
  });

  it('writes decimals with a fractional digit and empty contacts as an empty array', () => {
    const customer: Customer = {
      id: 1,
      name: 'Acme',
      email: null,
      discount: '10',
      tax_identification_number: null,
      account_number: null,
      credit_terms: null,
      credit_limit: '5000',
      payment_method: null,
      ...stamps,
    };
    const xml = buildElement('customer', customerForm({ row: customer, related: { contactIds: [] } }, time));
    expect(xml).toContain('<discount>10.0</discount>');
    expect(xml).toContain('<credit_limit>5000</credit_limit>');
    expect(xml).toContain('<contacts type="array"/>');
  });

  it('writes the contact show form with TS-SPACE and the appended writable fields', () => {
    const contact: Contact = {
      id: 2, customer_id: 1, vendor_id: null, first_name: 'Jane', last_name: 'Doe', email: null,
      job_position: 'Buyer', ...address, ...stamps,
    };
    const xml = buildElement('contact', contactShowForm({ row: contact, related: undefined }, time));
    expect(names(xml).slice(-5)).toEqual(['created_on', 'updated_on', 'vendor_id', 'job_position', 'customer_id']);
    expect(xml).toContain('<created_on>2016-01-24 20:11:47 -0800</created_on>');
    expect(xml).toContain('<customer_id>1</customer_id>');
  });

  it('writes parttype booleans, decimals and empty fields', () => {
    const parttype: Parttype = {
      id: 4, name: 'Resistor', attrition: '0.50', is_non_material: false, part_next: 12, partnumber_key: 'RES',
      parent_id: 1, parent_only: true, label_id: null, ...stamps,
    };
    const xml = buildElement('parttype', parttypeForm({ row: parttype, related: { parentName: 'Passive' } }, time));
    expect(names(xml)).toEqual([
      'id', 'name', 'attrition', 'is_non_material', 'part_next', 'partnumber_key', 'parent_id', 'parent',
      'parent_only', 'label_id', 'label',
    ]);
    expect(xml).toContain('<attrition>0.5</attrition>\n  <is_non_material>false</is_non_material>');
    expect(xml).toContain('<parent>Passive</parent>\n  <parent_only>true</parent_only>\n  <label_id/>\n  <label/>');
  });

  it('writes a unit with its conversions', () => {
    const unit: Unit = { id: 1, name: 'Reel', description: null, allow_fractional: false, ...stamps };
    const conversion = { id: 9, from_unit_id: 1, to_unit_id: 2, factor: '5000', ...stamps };
    const xml = buildElement('unit', unitShowForm({ row: unit, related: { conversions: [conversion] } }, time));
    expect(xml).toContain(
      '<unit_conversions type="array">\n    <unit_conversion>\n      <id>9</id>\n      <to_unit_id>2</to_unit_id>\n      <factor>5000.0</factor>',
    );
  });

  it('writes a location show form with unwrapped, repeated sublocations', () => {
    const location: InventoryLocation = {
      id: 1, name: 'Main', shortname: 'MAIN', timezone: 'Pacific Time', description: null, phone1: null,
      phone2: null, address1: null, address2: null, city: null, state: null, postcode: null, country: null,
      ...stamps,
    };
    const subs = [1, 2].map((id) => ({ id, inventory_location_id: 1, name: `Shelf ${id}`, has_bins: false, ...stamps }));
    const xml = buildElement('inventory_location', locationShowForm({ row: location, related: { sublocations: subs } }, time));
    expect(names(xml).slice(-4)).toEqual(['created_on', 'updated_on', 'inventory_sublocation', 'inventory_sublocation']);
    expect(xml).toContain('<inventory_sublocation>\n    <id>2</id>\n    <name>Shelf 2</name>\n  </inventory_sublocation>');
  });
});

describe('values', () => {
  it('writes an undefined column as an empty element', () => {
    expect([int(undefined), decimal(undefined), bool(undefined)]).toEqual([null, null, null]);
    expect([int(0), decimal('0'), bool(false)]).toEqual(['0', '0.0', 'false']);
  });
});
