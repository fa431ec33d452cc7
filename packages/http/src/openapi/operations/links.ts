import { requestFields } from '@pips/domain';
import { emptyResponse, type Operation } from '../operation';
import { integerQuery } from '../parameters';

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
  addVendorPartNumber: {
    id: 'addVendorPartNumber',
    summary: "Record a vendor's number for a part",
    tag: 'Vendor part numbers',
    body: { root: 'vendor_partnumber', required: true, shape: { fields: requestFields.vendorPartNumber, mode: 'create' } },
    response: emptyResponse,
  },
  removeVendorPartNumber: { id: 'removeVendorPartNumber', summary: 'Remove a vendor part number', tag: 'Vendor part numbers', response: emptyResponse },
  addQuote: {
    id: 'addQuote',
    summary: "Record a vendor's price for a part",
    tag: 'Quotes',
    body: { root: 'quote', required: true, shape: { fields: requestFields.quote, mode: 'create' } },
    response: emptyResponse,
  },
  removeQuote: { id: 'removeQuote', summary: 'Remove a quote', tag: 'Quotes', response: emptyResponse },
} satisfies Record<string, Operation>;
