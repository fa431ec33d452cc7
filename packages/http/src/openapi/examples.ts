import type { Schema } from './form-schema';

/** What an operation's example sends besides its path: the body and query values the page fills in. */
export interface OperationExample {
  /** The XML body's root element's content, as its schema describes it (`/docs` writes it as XML). */
  readonly body?: Schema;
  readonly query?: Readonly<Record<string, number | string>>;
}

/** A typed list in a request body: `<name type="array"><item>…</item>…</name>`. */
const list = (item: string, items: readonly Schema[]): Schema => ({ type: 'array', [item]: items });

/**
 * The example of each operation that takes a body (or, with none, query values that say what to
 * change), by operationId. Every path id a page fills in is 1 (`describe-operation.ts`), and every
 * id named here exists on a server whose reference data was made first, as the guide does (a
 * manufacturer, a part type, a unit, an inventory location with a sublocation: id 1 of each),
 * once the examples that make the others were sent. In the order `docs-browser.test.ts` sends
 * them after those first steps: vendor 1, manufacturer 2, part type 2, unit 2 (a reel of 5000 of
 * unit 1), location 2 with sublocation 2, sublocation 3, customer 1, contact 1, parts 1 and 2
 * (the part example sent twice; revisions 1 and 2), bill line 1 and inventory unit 1, then
 * revision 1 released and revision 3 drafted from it. Names differ from what the first steps make,
 * so each create is sent as it is. Decimals are exact text, as the API reads and writes them.
 */
export const operationExamples: Readonly<Record<string, OperationExample>> = {
  createVendor: { body: { name: 'Northwind Components', website: 'https://northwind.example', account_number: 'C-1042' } },
  updateVendor: { body: { short_name: 'Northwind', phone1: '+1 555 0100' } },
  createManufacturer: { body: { name: 'Kestrel Passives', short_name: 'Kestrel', website: 'https://kestrel.example' } },
  updateManufacturer: { body: { website: 'https://www.kestrel.example', country: 'DE' } },
  createParttype: { body: { name: 'Capacitor', partnumber_key: 'CAP', attrition: '0.02' } },
  updateParttype: { body: { attrition: '0.05' } },
  createUnit: { body: { name: 'Reel', description: 'A reel of 5000', allow_fractional: false } },
  updateUnit: { body: { description: 'Single pieces' } },
  createUnitConversion: { body: { from_unit_id: 2, to_unit_id: 1, factor: '5000.0' } },
  createInventoryLocation: {
    body: {
      name: 'Assembly line',
      shortname: 'LINE',
      timezone: 'Europe/Berlin',
      inventory_sublocations: list('inventory_sublocation', [{ name: 'Feeder 1', has_bins: true }]),
    },
  },
  updateInventoryLocation: { body: { description: 'Goods in and stores', phone1: '+1 555 0199' } },
  createInventorySublocation: { body: { name: 'Returns', inventory_location_id: 1, has_bins: false } },
  updateInventorySublocation: { body: { has_bins: true } },
  createCustomer: { body: { name: 'Initech', email: 'purchasing@initech.example', discount: '2.5', payment_method: 'invoice' } },
  updateCustomer: { body: { credit_limit: '25000.00', credit_terms: '30 days' } },
  createContact: { body: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@initech.example', customer_id: 1 } },
  updateContact: { body: { job_position: 'Buyer', phone1: '+1 555 0142' } },
  addLinecard: { query: { manufacturer_id: 1, vendor_id: 1 } },
  createPart: {
    body: {
      manufacturer_pn: 'RC0603FR-0710KL',
      manufacturer_id: 1,
      parttype_id: 1,
      unit_id: 1,
      inventory_price: '0.0125',
      reorder_quantity: '500.0',
      revision: { revision_name: 'A', description: 'Resistor, 10 kΩ, 1 %, 0603' },
    },
  },
  updatePart: { body: { inventory_price: '0.0110', revision: { comment: 'Second source approved' } } },
  addVendorPartNumber: { body: { part_id: 1, vendor_id: 1, part_number: 'NW-RC0603-10K', comment: 'Cut tape' } },
  addQuote: { body: { part_id: 1, vendor_id: 1, price: '0.0125', quantity_min: '100.0', quantity_mult: '100.0', leadtime: 5, valid_for: 30 } },
  createSubpart: { body: { part_revision_id: 1, subpart_part_revision_id: 2, quantity: '2.0', designator: 'R1 R2' } },
  addSubparts: { body: { subparts: list('subpart', [{ subpart_id: 2, quantity: '1.0', designator: 'R3' }]) } },
  updateSubpart: { body: { quantity: '3.0', designator: 'R1 R2 R4' } },
  createInventoryUnit: { body: { inventory_sublocation_id: 1, unit_id: 1, quantity: '100.0', cost_per_unit: '0.0125', lot_code: 'L2301' } },
  updateInventoryUnit: { body: { lot_code: 'L2302', datecode: '2318' } },
  adjustInventoryQuantity: { body: { quantity: '95.0', inventory_record: { comment: 'Counted', adjustment_type: 'adjust' } } },
  moveInventoryUnit: { body: { inventory_sublocation_id: 2, inventory_record: { comment: 'To the line' } } },
  splitInventoryUnit: { body: { inventory_sublocation_id: 3, quantity: '10.0' } },
  releaseRevision: { body: { revision_description: 'First release' } },
  createRevision: { query: { id: 1 }, body: { revision_name: 'B', revision_description: 'Second source' } },
};
