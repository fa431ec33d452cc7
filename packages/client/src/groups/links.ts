import type { CallOptions } from '../call-options';
import { operations } from '../operations';
import { unitConversion } from '../shapes/reference';
import type { Transport } from '../transport/transport';
import type { UnitConversion } from '../types/reference';
import type { LinecardPair, QuoteInput, UnitConversionInput, VendorPartNumberInput } from '../types/reference-inputs';

/** SPEC 4.5: records that link others, made and removed but never shown on their own. */
export interface LinkGroups {
  unitConversions: {
    create(input: UnitConversionInput, options?: CallOptions): Promise<UnitConversion>;
    delete(id: number, options?: CallOptions): Promise<void>;
  };
  /** A vendor on a manufacturer's linecard; linking a linked pair again changes nothing. */
  linecards: {
    create(pair: LinecardPair, options?: CallOptions): Promise<void>;
    delete(pair: LinecardPair, options?: CallOptions): Promise<void>;
  };
  /** Shown inside their part (`vendor_part_numbers`, with the id a delete needs). */
  vendorPartNumbers: {
    create(input: VendorPartNumberInput, options?: CallOptions): Promise<void>;
    delete(id: number, options?: CallOptions): Promise<void>;
  };
  /** Shown inside their part (`quotes`). */
  quotes: {
    create(input: QuoteInput, options?: CallOptions): Promise<void>;
    delete(id: number, options?: CallOptions): Promise<void>;
  };
}

export function linkGroups(transport: Transport): LinkGroups {
  const { unitConversions, linecards, vendorPartNumbers, quotes } = operations;
  const pairQuery = (pair: LinecardPair) => ({ manufacturer_id: pair.manufacturer_id, vendor_id: pair.vendor_id });
  return {
    unitConversions: {
      create: (input, options) => transport.document(unitConversions.create, { body: { root: 'unit_conversion', fields: input }, options }, 'unit_conversion', unitConversion),
      delete: (id, options) => transport.empty(unitConversions.delete, { params: { id }, options }),
    },
    linecards: {
      // The pair goes in the query and the body stays empty (SPEC 1.1).
      create: (pair, options) => transport.empty(linecards.create, { query: pairQuery(pair), options }),
      delete: (pair, options) => transport.empty(linecards.delete, { query: pairQuery(pair), options }),
    },
    vendorPartNumbers: {
      create: (input, options) => transport.empty(vendorPartNumbers.create, { body: { root: 'vendor_partnumber', fields: input }, options }),
      delete: (id, options) => transport.empty(vendorPartNumbers.delete, { params: { id }, options }),
    },
    quotes: {
      create: (input, options) => transport.empty(quotes.create, { body: { root: 'quote', fields: input }, options }),
      delete: (id, options) => transport.empty(quotes.delete, { params: { id }, options }),
    },
  };
}
