import type { PartListItem, PartRevisionAttribute, PartView, RevisionView } from '@pips/domain';
import { buildElement } from '@pips/xml';
import { compileElement, type Form } from '@pips/xml/forms';
import { describe, expect, it } from 'vitest';
import { timeFormat, type TimeFormat } from '../time-format';
import { bomForm } from './bom';
import { contactListForm, contactShowForm } from './contact';
import { customerForm } from './customer';
import { eventForm } from './event';
import { locationListForm, locationShowForm } from './inventory-location';
import { inventoryRecordForm, inventoryUnitForm, listedUnitForm, searchedUnitForm } from './inventory-unit';
import { sublocationForm } from './inventory-sublocation';
import { companyListForm, manufacturerShowForm } from './manufacturer';
import { partAncestorForm, partListForm, partShowForm } from './part';
import { revisionForm } from './part-revision';
import { revisionShowForm } from './revision-show';
import { parttypeForm } from './parttype';
import { attachmentForm, attachmentLinkForm } from './attachment';
import { purchaseOrderListForm, purchaseOrderShowForm } from './purchase-order';
import { unitConversionForm } from './unit-conversion';
import { unitListForm, unitShowForm } from './unit';
import { vendorShowForm } from './vendor';

const time = timeFormat('America/Los_Angeles');

const HOSTILE = ['', 'A & B', '<b>"q"</b>', 'a\r\nb', 'x\u0000\u001F', '\uD800', 'x\uDC00', '\uFFFE', 'é 😀', ']]>', null];
const DECIMALS = ['0', '10', '0.009', '5000.50', '-1.25', null];
/** Columns holding decimal text: the representation formats them, so they get numbers, not hostile text. */
const DECIMAL_COLUMNS = new Set([
  'attrition', 'discount', 'estimated_cost', 'factor', 'inventory', 'inventory_maximum', 'inventory_price',
  'price', 'quantity', 'quantity_min', 'quantity_mult', 'reorder_quantity',
  'cost', 'extended_cost', 'extended_quantity', 'total',
  'cost_per_unit', 'purchase_quantity', 'purchase_price', 'quantity_before', 'quantity_after', 'received_quantity', 'use_as_units',
]);

/** The template with every text column varied (hostile text, empty, null), numbers and flags too, seeded by `n`. */
function vary<T>(template: T, n: number): T {
  let step = n;
  const next = (count: number) => (step = (step * 7 + 3) % 1009) % count;
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (value instanceof Date) return next(5) === 0 ? new Date(value.getTime() + next(1000) * 86_400_000) : value;
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    }
    if (typeof value === 'string') return DECIMAL_COLUMNS.has(key) ? DECIMALS[next(DECIMALS.length)] : HOSTILE[next(HOSTILE.length)];
    if (typeof value === 'number') return next(6) === 0 ? null : next(100_000);
    if (typeof value === 'boolean') return [true, false, null][next(3)];
    return value;
  };
  return walk(template, '') as T;
}

const stamps = { created_at: new Date('2016-01-25T04:11:47Z'), updated_at: new Date('2016-07-01T12:00:00Z') };
const address = {
  address1: 'a', address2: 'a', address3: 'a', city: 'a', state: 'a', postcode: 'a', country: 'a', phone1: 'a',
  phone2: 'a', phone3: 'a',
};
const company = { id: 1, name: 'a', short_name: 'a', website: 'a', ...address, ...stamps };
const location = {
  id: 1, name: 'a', shortname: 'a', timezone: 'a', description: 'a', phone1: 'a', phone2: 'a', address1: 'a',
  address2: 'a', city: 'a', state: 'a', postcode: 'a', country: 'a', ...stamps,
};
const sublocation = { id: 1, inventory_location_id: 1, name: 'a', has_bins: true, ...stamps };
const conversion = { id: 1, from_unit_id: 1, to_unit_id: 2, factor: '1', ...stamps };
const part = {
  id: 1, partnumber: 'a', manufacturer_pn: 'a', manufacturer_id: 1, parttype_id: 1, unit_id: 1, preferred_vendor_id: 1,
  value: 1, value_text: 'a', inventory_price: '1', estimated_cost: '1', estimated_cost_currency: 'a',
  reorder_quantity: '1', inventory_maximum: '1', manufactured_here: true, x_outsourced: true,
  x_outsourcing_location: 'a', active_revision_id: 1, ...stamps,
};
const revision = {
  id: 1, part_id: 1, revision_name: 'a', revision_description: 'a', creator_id: 1, released_at: stamps.created_at,
  releasor_id: 1, comment: 'a', description: 'a', rohs: true, status: 'a', ...stamps,
};

/** Custom attributes keep their names (they are element names); their values and value_text vary. */
function revisionView(n: number): RevisionView {
  const attributes = ['x_package', 'x_mass', 'x_power'].slice(0, n % 4).map((name, i) => ({
    ...vary({ id: i, part_revision_id: 1, value: 'a', value_text: 'a', position: i }, n + i),
    name,
  })) as PartRevisionAttribute[];
  return { revision: vary(revision, n) as RevisionView['revision'], attributes };
}

function partListItem(n: number): PartListItem {
  const item = { part: vary(part, n) as PartListItem['part'], activeRevision: n % 5 === 0 ? null : revisionView(n) };
  // The outsourcing pair shows only when either is set: keep both unset often enough.
  if (n % 3 === 0) Object.assign(item.part, { x_outsourced: null, x_outsourcing_location: null });
  return item;
}

function partView(n: number): PartView {
  const twice = <T>(row: T) => [row, row].slice(0, n % 3).map((r, i) => vary(r, n + i));
  return {
    part: partListItem(n).part,
    revision: revisionView(n),
    quotes: twice({
      id: 1, part_id: 1, vendor_id: 1, unit_id: 1, unit_conversion_id: 1, currency: 'a', price: '1', quantity_min: '1',
      quantity_mult: '1', leadtime: 1, valid_for: 1, expires_on: stamps.created_at, inventory: '1', comment: 'a', ...stamps,
    }),
    vendorPartNumbers: twice({ id: 1, part_id: 1, vendor_id: 1, unit_id: 1, part_number: 'a', comment: 'a', ...stamps }),
    alternateParts: twice({ id: 1, part_id: 1, alternate_part_id: 1, comment: 'a', quality: 1, ...stamps }),
    inventoryUnits: twice({
      id: 1, quantity: '1', inventory_location_id: 1, inventory_location_name: 'a', inventory_sublocation_id: 1,
      inventory_sublocation_name: 'a', sublocation_bin: 'a', purchase_order_id: 1,
    }),
    partlistParts: twice({ part_id: 1, part_revision_id: 1, quantity: '1', comment: 'a', no_load: true }),
    subparts: twice({
      id: 1, subpart_id: 1, quantity: '1', build_sequence: 1, designator: 'a', comment: 'a', no_load: true, part_id: 1,
      part_revision_id: 1, position: 1,
    }),
    attachments: twice({
      id: 1, created_by: 'a', title: 'a', note_type: 'a', content_type: 'a', position: 1, published_at: stamps.created_at,
      md5: 'a', file_size: 1, parent_reference: 'a',
    }),
    manufacturer: n % 4 === 0 ? null : vary(company, n),
  } as PartView;
}

const purchaseOrder = {
  id: 1, number: 'a', status: 'a', vendor_id: 1, currency: 'a', site_id: 1, purchase_id: 1, inventory_location_id: 1,
  payment_terms: 'a', ship_to: 'a', notes: 'a', incoterm: 'a', emailed_at: stamps.created_at, ticket: 'a',
  vendor_salesorder: 'a', accepted_at: stamps.created_at, viewed_at: null, delivery_requested_at: stamps.updated_at,
  insurance: 'a', shipping_account: 'a', shipping_method: 'a', fob: 'a', delivery_terms: 'a', created_on: stamps.created_at,
  updated_at: stamps.updated_at,
};
const purchaseItem = {
  id: 1, purchase_order_id: 1, position: 1, vendor_id: 1, inventory_unit_id: 1, quote_id: 1, unit_id: 1, unit_conversion_id: 1,
  vendor_part_number_id: 1, part_id: 1, part_revision_id: 1, partnumber: 'a', part_revision_name: 'a', manufacturer: 'a',
  manufacturer_pn: 'a', quantity: '1', price: '1', comment: 'a', received_quantity: '1', received_at: stamps.created_at,
  vendor_promise_date: 'a', use_as_units: '1', vendor_pn: 'a',
};

interface Case {
  name: string;
  form: Form<never, TimeFormat>;
  value: (n: number) => unknown;
}
const shown = (row: object, related: (n: number) => unknown = () => undefined) => (n: number) => ({
  row: vary(row, n),
  related: related(n),
});
const ids = (n: number) => [1, 2, 3].slice(0, n % 4);
const cases: Case[] = [
  { name: 'part', form: partListForm, value: partListItem },
  { name: 'part', form: partShowForm, value: partView },
  { name: 'part_revision', form: revisionForm, value: revisionView },
  {
    name: 'part_revision',
    form: revisionShowForm,
    value: (n: number) => {
      const view = partView(n);
      return { ...view.revision, part: view.part, subparts: view.subparts };
    },
  },
  { name: 'part', form: partAncestorForm, value: (n: number) => vary({ id: 1, partnumber: 'a', manufacturer_pn: 'a' }, n) },
  { name: 'manufacturer', form: companyListForm, value: shown(company) },
  { name: 'manufacturer', form: manufacturerShowForm, value: shown(company, (n) => ({ vendorIds: ids(n) })) },
  { name: 'vendor', form: vendorShowForm, value: shown({ ...company, account_number: 'a' }, (n) => ({ manufacturerIds: ids(n) })) },
  {
    name: 'customer',
    form: customerForm,
    value: shown(
      {
        id: 1, name: 'a', email: 'a', discount: '1', tax_identification_number: 'a', account_number: 'a',
        credit_terms: 'a', credit_limit: 'a', payment_method: 'a', ...stamps,
      },
      (n) => ({ contactIds: ids(n) }),
    ),
  },
  ...[contactListForm, contactShowForm].map((form) => ({
    name: 'contact',
    form,
    value: shown({ id: 1, customer_id: 1, vendor_id: 1, first_name: 'a', last_name: 'a', email: 'a', job_position: 'a', ...address, ...stamps }),
  })),
  {
    name: 'parttype',
    form: parttypeForm,
    value: shown(
      { id: 1, name: 'a', attrition: '1', is_non_material: true, part_next: 1, partnumber_key: 'a', parent_id: 1, parent_only: true, label_id: 1, ...stamps },
      (n) => ({ parentName: vary({ name: 'a' }, n).name }),
    ),
  },
  ...[unitListForm, unitShowForm].map((form) => ({
    name: 'unit',
    form,
    value: shown({ id: 1, name: 'a', description: 'a', allow_fractional: true, ...stamps }, (n) => ({
      conversions: [conversion, conversion].slice(0, n % 3).map((c, i) => vary(c, n + i)),
    })),
  })),
  ...[locationListForm, locationShowForm].map((form) => ({
    name: 'inventory_location',
    form,
    value: shown(location, (n) => ({ sublocations: [sublocation, sublocation].slice(0, n % 3).map((s, i) => vary(s, n + i)) })),
  })),
  { name: 'inventory_sublocation', form: sublocationForm, value: shown(sublocation) },
  { name: 'unit_conversion', form: unitConversionForm, value: shown(conversion) },
  {
    name: 'bom',
    form: bomForm,
    value: (n: number) => {
      const line = {
        id: 1, depth: 1, path: ['a', 'a'], subpart_id: 1, partnumber: 'a', subpart_part_revision_id: 1, quantity: '1',
        extended_quantity: '1', no_load: true, designator: 'a', assembly: true,
        unit_cost: n % 4 === 0 ? null : { cost: '1', source: 'a', quoteId: 1 }, extended_cost: '1',
      };
      return vary({
        part: { id: 1, partnumber: 'a' },
        revision: { id: 1, revision_name: 'a' },
        levels: 1,
        lines: [line, line, line].slice(0, n % 4),
        cost: { total: '1', currency: 'a', leavesWithoutPrice: 1 },
      }, n);
    },
  },
  {
    name: 'attachment',
    form: attachmentForm,
    value: (n: number) =>
      vary({ id: 1, created_by: 'a', title: 'a', note_type: 'a', content_type: 'a', position: 1, published_at: stamps.created_at, md5: 'a', file_size: 1, parent_reference: 'a' }, n),
  },
  { name: 'attachment_link', form: attachmentLinkForm, value: (n: number) => ({ ...vary({ uri: 'a' }, n), created_at: stamps.created_at, expires_at: stamps.updated_at }) },
  { name: 'purchase_order', form: purchaseOrderListForm, value: (n: number) => vary(purchaseOrder, n) },
  {
    name: 'purchase_order',
    form: purchaseOrderShowForm,
    value: (n: number) => ({
      order: vary(purchaseOrder, n),
      vendor: vary({ id: 1, name: 'a' }, n),
      items: [purchaseItem, purchaseItem, purchaseItem].slice(0, n % 4).map((item, i) => vary(item, n + i)),
    }),
  },
  ...[inventoryUnitForm, searchedUnitForm].map((form) => ({ name: 'inventory_unit', form, value: inventoryUnitView })),
  {
    name: 'inventory_unit',
    form: listedUnitForm,
    value: (n: number) => vary({ id: 1, quantity: '1', cost_per_unit: '1', inventory_sublocation_id: 1, unit_id: 1 }, n),
  },
  {
    name: 'inventory_record',
    form: inventoryRecordForm,
    value: (n: number) =>
      vary({
        id: 1, inventory_unit_id: 1, part_id: 1, record_type: 'a', quantity_before: '1', quantity_after: '1', from_sublocation_id: 1,
        to_sublocation_id: 1, related_inventory_unit_id: 1, comment: 'a', creator_id: 1, created_at: stamps.created_at,
      }, n),
  },
  {
    name: 'event',
    form: eventForm,
    value: (n: number) =>
      vary({
        sequence: 1, type: 'a', occurredAt: stamps.created_at, token: 'a', path: 'a',
        payload: { quantity: '1', comment: 'a', revision: { description: 'a' }, flag: true, count: 1, none: null },
      }, n),
  },
] as Case[];

/** A unit's full view, every text varied. */
function inventoryUnitView(n: number) {
  const unit = {
    id: 1, part_id: 1, unit_id: 1, inventory_sublocation_id: 1, quantity: '1', cost_per_unit: '1', currency: 'a', sublocation_bin: 'a',
    asset_id: 'a', serial_number: 'a', lot_code: 'a', datecode: 'a', details: 'a', purchase_order_number: 'a', purchase_quantity: '1',
    purchase_price: '1', vendor: 'a', purchase_order_id: 1, ...stamps,
  };
  return vary({ unit, unitName: 'a', location: 'a' }, n);
}

describe('compiled representations', () => {
  it.each(cases.map((c, i) => [`${c.name} #${i}`, c] as const))(
    'write %s as the generic builder writes its tree, hostile text included',
    (_, { name, form, value }) => {
      const element = compileElement(name, form);
      for (let n = 0; n < 60; n++) {
        const record = value(n) as never;
        for (const depth of [0, 1]) expect(element.write(record, time, depth)).toBe(buildElement(name, form(record, time), depth));
      }
    },
  );

  it('vary reaches hostile text, empty text and nulls', () => {
    const xml = Array.from({ length: 60 }, (_, n) => compileElement('part', partListForm).write(partListItem(n), time)).join('');
    for (const written of ['&amp;', '&lt;b&gt;', '&#13;', '\uFFFD', '<value_text/>', '<x_outsourced>', '<active_revision/>']) {
      expect(xml).toContain(written);
    }
  });
});
