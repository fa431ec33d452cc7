import { requestFields } from '@pips/domain';
import { emptyResponse, type BodyFields, type Operation } from '../operation';
import { integerQuery } from '../parameters';

/** A create whose body is one `root` element of the domain's `fields`, answered empty. */
const addition = (id: string, summary: string, tag: string, root: string, fields: BodyFields): Operation => ({
  id,
  summary,
  tag,
  body: { root, required: true, shape: { fields, mode: 'create' } },
  response: emptyResponse,
});

const pair = [integerQuery('manufacturer_id', 'The manufacturer.', true), integerQuery('vendor_id', 'The vendor.', true)];

/** SPEC 4.5: linecards, vendor part numbers and quotes; every answer is empty. */
export const linkOperations = {
  addLinecard: {
    id: 'addLinecard',
    summary: 'Link a vendor to a manufacturer',
    description: 'Idempotent: linking a linked pair changes nothing. The body is empty.',
    tag: 'Linecards',
    query: pair,
    response: emptyResponse,
    notFoundWhen: 'The manufacturer or vendor does not exist.',
  },
  removeLinecard: {
    id: 'removeLinecard',
    summary: 'Unlink a vendor from a manufacturer',
    tag: 'Linecards',
    query: pair,
    response: emptyResponse,
    notFoundWhen: 'The pair is not linked, or the manufacturer or vendor does not exist.',
  },
  addVendorPartNumber: addition('addVendorPartNumber', "Record a vendor's number for a part", 'Vendor part numbers', 'vendor_partnumber', requestFields.vendorPartNumber),
  removeVendorPartNumber: { id: 'removeVendorPartNumber', summary: 'Remove a vendor part number', tag: 'Vendor part numbers', response: emptyResponse },
  addQuote: addition('addQuote', "Record a vendor's price for a part", 'Quotes', 'quote', requestFields.quote),
  removeQuote: { id: 'removeQuote', summary: 'Remove a quote', tag: 'Quotes', response: emptyResponse },
} satisfies Record<string, Operation>;
