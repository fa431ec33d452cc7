import type { LocationRelated, Shown } from '@pips/domain';
import { fields, type XmlFields, type XmlNode } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { int } from './values';

type ShownLocation = Shown<'inventory_location', LocationRelated>;

function locationEntries({ row }: ShownLocation, time: TimeFormat): Array<readonly [string, XmlNode]> {
  return [
    ['id', int(row.id)],
    ['name', row.name],
    ['shortname', row.shortname],
    ['timezone', row.timezone],
    ['description', row.description],
    ['phone1', row.phone1],
    ['phone2', row.phone2],
    ['address1', row.address1],
    ['address2', row.address2],
    ['city', row.city],
    ['state', row.state],
    ['postcode', row.postcode],
    ['country', row.country],
    ['created_on', time.space(row.created_at)],
    ['updated_on', time.space(row.updated_at)],
  ];
}

/** Inventory location list form (SPEC 2.2). */
export function locationListForm(shown: ShownLocation, time: TimeFormat): XmlFields {
  return fields(locationEntries(shown, time));
}

/** Show form: the list form followed by one repeated `inventory_sublocation` (id, name) each, unwrapped. */
export function locationShowForm(shown: ShownLocation, time: TimeFormat): XmlFields {
  return fields([
    ...locationEntries(shown, time),
    ...shown.related.sublocations.map(
      (s) =>
        [
          'inventory_sublocation',
          fields([
            ['id', int(s.id)],
            ['name', s.name],
          ]),
        ] as const,
    ),
  ]);
}
