import type { CallOptions } from './call-options';
import type { ClientOptions } from './client-options';
import { attachmentsGroup, type AttachmentsGroup } from './groups/attachments';
import { eventsGroup, type EventsGroup } from './groups/events';
import { inventoryRecordsGroup, inventoryUnitsGroup, type InventoryRecordsGroup, type InventoryUnitsGroup } from './groups/inventory';
import { linkGroups, type LinkGroups } from './groups/links';
import { partsGroup, type PartsGroup } from './groups/parts';
import { purchaseOrdersGroup, type PurchaseOrdersGroup } from './groups/purchasing';
import { referenceGroups, type ReferenceGroups } from './groups/reference';
import { revisionsGroup, subpartsGroup, type RevisionsGroup, type SubpartsGroup } from './groups/revisions';
import type { Operations } from './operations';
import { createTransport } from './transport/transport';

/**
 * A typed client of the PIPS API: one group per resource, one function per operation. Each
 * function sends its request as XML and answers the decoded representation, or throws a
 * PipsApiError. `operations` (the same names) says which route each function calls.
 */
export interface PipsClient extends ReferenceGroups, LinkGroups {
  parts: PartsGroup;
  revisions: RevisionsGroup;
  subparts: SubpartsGroup;
  inventoryUnits: InventoryUnitsGroup;
  inventoryRecords: InventoryRecordsGroup;
  purchaseOrders: PurchaseOrdersGroup;
  attachments: AttachmentsGroup;
  events: EventsGroup;
}

/** The client and the operation table name the same groups and functions, both ways. */
type FunctionsOf<T> = { [G in keyof T]: { [F in keyof T[G]]: unknown } };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameNames: Same<FunctionsOf<PipsClient>, FunctionsOf<Operations>> = true;
void sameNames;

/** Every function takes the call options (`signal`, `timeoutMs`, `retry`) in its last argument: the names of those that do not. */
type LastParameter<F> = F extends (...args: infer A) => unknown ? (Required<A> extends [...unknown[], infer L] ? L : never) : never;
type WithoutCallOptions<T> = { [G in keyof T]: { [F in keyof T[G]]: CallOptions extends LastParameter<T[G][F]> ? never : `${G & string}.${F & string}` }[keyof T[G]] }[keyof T];
const everyTakesCallOptions: Same<WithoutCallOptions<PipsClient>, never> = true;
void everyTakesCallOptions;

export function createPipsClient(options: ClientOptions): PipsClient {
  const transport = createTransport(options);
  return {
    ...referenceGroups(transport),
    ...linkGroups(transport),
    parts: partsGroup(transport),
    revisions: revisionsGroup(transport),
    subparts: subpartsGroup(transport),
    inventoryUnits: inventoryUnitsGroup(transport),
    inventoryRecords: inventoryRecordsGroup(transport),
    purchaseOrders: purchaseOrdersGroup(transport),
    attachments: attachmentsGroup(transport),
    events: eventsGroup(transport),
  };
}
