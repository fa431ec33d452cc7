import { operations } from '../operations';
import { unitConversion } from '../shapes/reference';
import type { Transport } from '../transport/transport';
import type { UnitConversion } from '../types/reference';
import type { LinecardPair, QuoteInput, UnitConversionInput, VendorPartNumberInput } from '../types/reference-inputs';

/** SPEC 4.5: records that link others, made and removed but never shown on their own. */
export interface LinkGroups {
  unitConversions: {
    create(input: UnitConversionInput): Promise<UnitConversion>;
    delete(id: number): Promise<void>;
  };
  /** A vendor on a manufacturer's linecard; linking a linked pair again changes nothing. */
  linecards: {
    create(pair: LinecardPair): Promise<void>;
    delete(pair: LinecardPair): Promise<void>;
  };
  /** Shown inside their part (`vendor_part_numbers`, with the id a delete needs). */
  vendorPartNumbers: {
    create(input: VendorPartNumberInput): Promise<void>;
    delete(id: number): Promise<void>;
  };
  /** Shown inside their part (`quotes`). */
  quotes: {
    create(input: QuoteInput): Promise<void>;
    delete(id: number): Promise<void>;
  };
}

export function linkGroups(transport: Transport): LinkGroups {
  const { unitConversions, linecards, vendorPartNumbers, quotes } = operations;
  const pairQuery = (pair: LinecardPair) => ({ manufacturer_id: pair.manufacturer_id, vendor_id: pair.vendor_id });
  return {
    unitConversions: {
      create: (input) => transport.document(unitConversions.create, { body: { root: 'unit_conversion', fields: input } }, 'unit_conversion', unitConversion),
      delete: (id) => transport.empty(unitConversions.delete, { params: { id } }),
    },
    linecards: {
      // The pair goes in the query and the body stays empty (SPEC 1.1).
      create: (pair) => transport.empty(linecards.create, { query: pairQuery(pair) }),
      delete: (pair) => transport.empty(linecards.delete, { query: pairQuery(pair) }),
    },
    vendorPartNumbers: {
      create: (input) => transport.empty(vendorPartNumbers.create, { body: { root: 'vendor_partnumber', fields: input } }),
      delete: (id) => transport.empty(vendorPartNumbers.delete, { params: { id } }),
    },
    quotes: {
      create: (input) => transport.empty(quotes.create, { body: { root: 'quote', fields: input } }),
      delete: (id) => transport.empty(quotes.delete, { params: { id } }),
    },
  };
}
