import type { AddressFields } from '@pips/domain';
import type { XmlNode } from '@pips/xml';

/** address1…country, phone1…phone3, in the order every show form lists them. */
export function addressEntries(row: AddressFields): Array<readonly [string, XmlNode]> {
  return [
    ['address1', row.address1],
    ['address2', row.address2],
    ['address3', row.address3],
    ['city', row.city],
    ['state', row.state],
    ['postcode', row.postcode],
    ['country', row.country],
    ['phone1', row.phone1],
    ['phone2', row.phone2],
    ['phone3', row.phone3],
  ];
}
