import { messages } from '../../errors';
import type { Problems } from '../../parse-input';
import type { Manufacturer, Part, PartRevision } from '../../records';
import type { ImportedItem } from './import-input';

/** The records a line names, as the store has them when the file is imported (null: none named, or none found). */
export interface NamedRecords {
  readonly part: Pick<Part, 'id' | 'partnumber' | 'manufacturer_pn'> | null;
  readonly manufacturer: Pick<Manufacturer, 'name'> | null;
  readonly revision: Pick<PartRevision, 'id' | 'part_id' | 'revision_name'> | null;
}

/** The text a line gives for `field`: what the record has when the line leaves it out, else the line's own if it agrees. */
function described(field: string, given: string | null, owner: 'part' | 'revision', actual: string, found: Problems): string {
  if (given === null || given.trim() === actual.trim()) return actual;
  found.add(messages.notTheRecords(field, given.trim(), owner, actual));
  return given;
}

/**
 * A line as it is kept (docs/decisions.md, "Purchase orders"): what it names describes it. The
 * vendor is the order's; the part is the revision's when only the revision is named; the part
 * number, manufacturer part number and manufacturer are the part's, the revision name the
 * revision's, copied now so that a later rename leaves the order as it was. A line that names a
 * record and contradicts it (another vendor, another part's number) is a problem of the file:
 * it most likely names the wrong record, and receiving it would stock the wrong part.
 */
export function describeLine(item: ImportedItem, orderVendorId: number, named: NamedRecords, found: Problems): ImportedItem {
  if (item.vendor_id !== null && item.vendor_id !== orderVendorId) found.add(messages.notTheOrdersVendor());
  const { part, manufacturer, revision } = named;
  if (revision && item.part_id !== null && revision.part_id !== item.part_id) found.add(messages.revisionNotOfPart());
  return {
    ...item,
    vendor_id: orderVendorId,
    part_id: item.part_id ?? revision?.part_id ?? null,
    partnumber: part ? described('partnumber', item.partnumber, 'part', part.partnumber, found) : item.partnumber,
    manufacturer_pn: part ? described('manufacturer_pn', item.manufacturer_pn, 'part', part.manufacturer_pn, found) : item.manufacturer_pn,
    manufacturer: manufacturer ? described('manufacturer', item.manufacturer, 'part', manufacturer.name, found) : item.manufacturer,
    part_revision_name: revision ? described('part_revision_name', item.part_revision_name, 'revision', revision.revision_name, found) : item.part_revision_name,
  };
}
