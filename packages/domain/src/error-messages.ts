/**
 * Every message the service sends, worded once here (SPEC's words where it gives them); errors
 * (`errors.ts`) are built from them, never at a throw site.
 */
import type { TableName } from './records';
import { tables } from './tables/tables';

/** `inventory_location_id` → `Inventory location`, as Rails' humanize does. */
export function humanize(attribute: string): string {
  const words = attribute.replace(/_id$/, '').replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How a message names a table's records when they stand in the way (`dependent part types`). */
export const recordsLabel = Object.fromEntries(Object.entries(tables).map(([name, table]) => [name, table.label])) as {
  readonly [K in TableName]: string;
};

export const messages = {
  blank: (field: string) => `${humanize(field)} can't be blank`,
  taken: (field: string) => `${humanize(field)} has already been taken`,
  notANumber: (field: string) => `${humanize(field)} is not a number`,
  notAnInteger: (field: string) => `${humanize(field)} must be an integer`,
  notABoolean: (field: string) => `${humanize(field)} must be true or false`,
  notAString: (field: string) => `${humanize(field)} must be text`,
  tooLong: (field: string, max: number) => `${humanize(field)} is too long (maximum is ${max} characters)`,
  forbiddenCharacter: (field: string) => `${humanize(field)} has a character that is not allowed (a control character or half a surrogate pair)`,
  tooPrecise: (field: string, intDigits: number, fracDigits: number) =>
    `${humanize(field)} must have at most ${intDigits} digits before and ${fracDigits} after the decimal point`,
  greaterThan: (field: string, limit: string) => `${humanize(field)} must be greater than ${limit}`,
  greaterOrEqual: (field: string, limit: string) => `${humanize(field)} must be greater than or equal to ${limit}`,
  mustExist: (field: string) => `${humanize(field)} must exist`,
  notAList: (field: string) => `${humanize(field)} must be a list`,
  unknownCurrency: (field: string) => `${humanize(field)} is not a known ISO 4217 currency code`,
  /** A message about one item of a list field: `Inventory sublocations name can't be blank`. */
  inList: (list: string, message: string) => `${humanize(list)} ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
  /** One item of a list told apart by `key`, sent again with other values (`Alternate parts part 12 is listed twice with different values`). */
  listedTwice: (list: string, key: string, value: string | number) =>
    `${humanize(list)} ${humanize(key).toLowerCase()} ${typeof value === 'string' ? `'${value}'` : value} is listed twice with different values`,
  notFound: (model: string, id: number | string) => `Couldn't find ${model} with 'id'=${id}`,
  notFoundBy: (model: string, field: string, value: string) => `Couldn't find ${model} with '${field}'=${value}`,
  dependentExist: (dependents: string) => `Cannot delete record because dependent ${dependents} exist`,
  lastSublocation: () => 'Cannot delete the last sublocation of an inventory location',
  cannotChange: (field: string) => `${humanize(field)} can't be changed`,
  sameUnit: () => 'To unit must be different from from unit',
  parentCycle: () => 'Parent cannot be the part type itself or one of its descendants',
  invalidToken: () => 'Invalid API token',
  /** The spec's name of the permission, then the name `token create --permission` takes. */
  missingPermission: (label: string, name: string) => `You need the permission "${label}" (${name}) for this action`,
  readOnlyToken: () => 'This token is read-only: it cannot change data',
  /** Token updates (docs/decisions.md, "Tokens and permissions"). */
  noLiveToken: (nameOrId: string) => `No live token is named or numbered "${nameOrId}"`,
  revokedToken: (nameOrId: string) => `Token "${nameOrId}" is revoked and cannot be changed; issue a new one`,
  bootstrapTokenFixed: (name: string) =>
    `Token "${name}" is BOOTSTRAP_TOKEN's: each start makes it read-write with every permission again; issue another token for narrower use`,
  readOnlyAndReadWrite: () => 'A token is read-only or read-write: ask for one of them, not both',
  addedAndRemoved: (permissions: readonly string[]) =>
    `${permissions.length === 1 ? 'Permission' : 'Permissions'} ${permissions.join(', ')} cannot be both added and removed`,
  nothingToChange: () => 'Nothing to change: add or remove a permission, or make the token read-only or read-write',
  missingParameter: (name: string) => `param is missing or the value is empty: ${name}`,
  invalidParameter: (name: string) => `Invalid value for parameter ${name}`,
  busy: () => 'The service is busy; please retry',
  unavailable: () => 'The database cannot be reached; nothing was changed; please retry',
  outcomeUnknown: () =>
    'The connection to the database was lost while the change was being committed: it may or may not have been made; read it back before sending it again',
  storageFull: () => 'The database has no space left to write; nothing was changed',
  /** A row changed (or went) between being read and being written: a race the caller may retry. */
  staleRow: (label: string, id: number) => `${label} ${id} changed while the request ran; please retry`,
  rateLimited: (perMinute: number, seconds: number) =>
    `Rate limit exceeded: this token may make ${perMinute} requests a minute; retry in ${seconds} second${seconds === 1 ? '' : 's'}`,
  notAValue: (field: string) =>
    `${humanize(field)} must be a number with an optional SI prefix and unit, such as 4.7k, 100 nF or 4k7`,
  badAttributeName: (name: string) =>
    `Custom attribute ${name} is not a valid name: x_ then letters, digits, _ . or - (at most 255 characters)`,
  unsupportedFilter: (parameter: string) => `Unsupported filter ${parameter}: parts are filtered by filter[updated_on][gte] only`,
  badTimestamp: (parameter: string) =>
    `${parameter} must be an ISO 8601 timestamp with its offset, such as 2024-01-31T12:00:00+00:00 (send + as %2B)`,
  valueNotSettable: () => 'Value cannot be set directly; send value_text, a number with an optional SI prefix',
  notAHash: (field: string) => `${humanize(field)} must be a hash of fields`,
  parentOnlyParttype: () => 'Parttype is a parent-only type: choose one of its child types',
  alternateItself: () => 'Alternate parts part cannot be the part itself',
  badPagingParameter: (name: string, min: number) => `Invalid value for parameter ${name}: a whole number of ${min} or more`,
  /** The event feed's `after`, `limit` and `wait`. */
  badEventParameter: (name: string, min: number, max: number) => `Invalid value for parameter ${name}: a whole number from ${min} to ${max}`,
  /** SPEC 7, add subparts: a negative quantity. */
  quantityNonnegative: () => 'Quantity must be nonnegative.',
  /** SPEC 7, add subparts: the child part is missing, unknown, or not named exactly once. */
  invalidSubpart: () => 'You must specify a valid subpart.',
  /** SPEC 7, add subparts: the child revision is unknown or not the child part's. */
  invalidSubpartRevision: () => 'Must belong to a valid subpart part revision.',
  /** SPEC 7, add subparts: an empty list. */
  noSubparts: () => 'No subparts specified.',
  /** A bill changes only on a draft revision (SPEC 3). */
  draftOnly: (revisionName: string, status: string) =>
    `Subparts can be changed only on a draft revision: revision ${revisionName} is ${status}`,
  /** The assembly part has no draft revision to add lines to. */
  noDraft: (partnumber: string) => `Part ${partnumber} has no draft revision: create one before changing its subparts`,
  /** The revision named is not the assembly part's. */
  revisionNotOfPart: () => 'Part revision must be a revision of the part',
  /** One draft per part (DESIGN 4): a second is refused, naming the first. */
  draftExists: (partnumber: string, draftName: string, draftId: number) =>
    `Part ${partnumber} already has a draft revision: ${draftName} (id ${draftId}); release or delete it first`,
  /** Only drafts can be deleted (DESIGN 4). */
  onlyDraftsDeleted: (revisionName: string, status: string) => `Only a draft revision can be deleted: revision ${revisionName} is ${status}`,
  /** A part keeps at least one revision. */
  lastRevision: () => 'The last revision of a part cannot be deleted',
  /** Only a draft is released. */
  alreadyReleased: (revisionName: string, status: string) => `Only a draft revision can be released: revision ${revisionName} is ${status}`,
  /** The up-revision guard (SPEC 4.7 release rule 3). */
  ancestorsWouldUpRevise: (partnumbers: readonly string[]) =>
    `Releasing this revision would up-revise ${partnumbers.join(', ')}: list them with action keep, or send bypass_part_ancestor_up_rev_guard=true`,
  /** A release names an ancestor the part does not have. */
  notAnAncestor: (partId: number) => `Part ${partId} is not a part ancestor of this part`,
  /** A release names an inventory unit that is not the part's. */
  notAUnitOfPart: (unitId: number) => `Inventory unit ${unitId} is not a unit of this part`,
  /** An action outside its list. */
  /** Said of one item of a list, which `inList` names: `Inventory units action must be one of: keep, dispose`. */
  badAction: (allowed: readonly string[]) => `Action must be one of: ${allowed.join(', ')}`,
  /** A part on a bill of material stays (DESIGN 4). */
  usedOnBills: (partnumbers: readonly string[]) => `Cannot delete a part used on a bill of materials: it is a subpart of ${partnumbers.join(', ')}`,
  /** The exploded bill (an extension): `levels` is neither `all` nor a depth the walk allows. */
  badBomLevels: (maxDepth: number) => `Invalid value for parameter levels: all or a whole number from 1 to ${maxDepth}`,
  /** The bill has more lines (one per path) than one answer holds. */
  bomTooManyLines: (maxLines: number) => `The bill of materials has more than ${maxLines} lines to explode`,
  /** The bill nests deeper than any walk goes. */
  bomTooDeep: (maxDepth: number) => `The bill of materials is nested deeper than ${maxDepth} levels`,
  /** A part may not contain itself (DESIGN 4): the path of part numbers from it back to it. */
  containsItself: (path: readonly string[]) => `A part cannot contain itself: ${path.join(' > ')}`,
  /** SPEC 7, split: each under the condition it names. */
  splitNotPositive: () => 'Quantity must be a positive number.',
  splitAboveAvailable: () => "Quantity can't be greater than the quantity available.",
  splitNotBelowAvailable: () => 'Quantity must be less than the quantity available.',
  assetIdRequired: () => 'A new Asset ID is required.',
  /** SPEC 7's words, used wherever an asset id is taken (create, update, split). */
  assetIdTaken: () => 'Asset ID must be unique.',
  /** A unit of measure counted in whole units (`allow_fractional` false). */
  wholeQuantity: (unitName: string) => `Quantity must be a whole number: ${unitName} is counted in whole units`,
  /** A value outside a closed list of words. */
  oneOf: (field: string, allowed: readonly string[]) => `${humanize(field)} must be one of: ${allowed.join(', ')}`,
  consumeRaises: () => 'A consumption cannot raise the quantity',
  /** DESIGN 4: a serial number names one item. */
  serialNeedsOne: () => 'Serial number needs a quantity of exactly 1',
  serialAdjust: () => 'A unit with a serial number can hold only a quantity of 1 or 0',
  serialSplit: () => 'A unit with a serial number cannot be split',
  /** A bin is a place inside a sublocation that has them (`has_bins`). */
  binWithoutBins: (sublocation: string) => `Sublocation bin must be blank: ${sublocation} has no bins`,
  /** Stock is counted in its part's unit of measure, or in one that converts to it. */
  noConversion: (unit: string, partUnit: string) => `Unit must be the part's unit or convert to it: ${unit} has no conversion to ${partUnit}`,
  /** A sublocation keeps its bins while units are kept in them. */
  binsInUse: (units: string) => `Has bins can't be turned off: inventory units ${units} are kept in bins here`,
  /** A conversion stays while stock is counted through it. */
  conversionInUse: (from: string, to: string, units: string) =>
    `Cannot delete the conversion from ${from} to ${to}: inventory units ${units} are counted through it`,
  /** A part's unit of measure changes only to one its stock converts to. */
  unitChangeStrandsStock: (unit: string, units: string) =>
    `Unit can't be changed to ${unit}: inventory units ${units} are counted in a unit with no conversion to it`,
  /** DESIGN 4: a part with stock stays. */
  holdsStock: (unitIds: readonly number[]) => `Cannot delete a part that holds stock: inventory units ${unitIds.join(', ')}`,
  /** DESIGN 3, the inventory search. */
  unknownSearchField: (parameter: string, field: string) => `Invalid value for parameter ${parameter}: ${field} is not a field the search knows`,
  unknownComparison: (parameter: string, comparison: string) =>
    `Invalid value for parameter ${parameter}: ${comparison} is not one of contains, equals, starts_with, ends_with`,
  /** A key spelled like a search parameter that is not one (`term`, `Term1`, `field01`): never passed over in silence. */
  badSearchParameter: (parameter: string) =>
    `Invalid parameter ${parameter}: the search reads fieldN, comparisonN and termN, N a whole number written without leading zeros (0, 1, 2, …)`,
  searchParameterNotText: (parameter: string) => `Invalid value for parameter ${parameter}: text, not a list or a hash`,
  /** SPEC 7, purchase order list: each word for word; the start-date ones in the same style. */
  badPurchaseOrderStatus: (status: string) => `Invalid status '${status}' requested.`,
  missingEndDate: () => 'Missing end date for date range.',
  badEndDate: () => 'Invalid end date for date range.',
  missingStartDate: () => 'Missing start date for date range.',
  badStartDate: () => 'Invalid start date for date range.',
  startAfterEnd: () => 'Start date is after end date for date range.',
  /** Where in an import file a problem is: `purchase_order 2 (PO-1002), purchase_item 3: Part must exist`. */
  atImportPosition: (where: string, message: string) => `${where}: ${message}`,
  /** An import file's root. */
  importRoot: (root: string) => `The file must hold ${root} (type="array")`,
  /** A received quantity goes somewhere, and somewhere takes a received quantity. */
  receivedNeedsSublocation: () => 'Inventory sublocation must be given to receive a quantity',
  sublocationNeedsReceived: () => 'Received quantity must be greater than 0 to receive into an inventory sublocation',
  receiveNeedsPart: () => 'Part must be given to receive a quantity into stock',
  /** A line names a record and says something else of it (docs/decisions.md, "Purchase orders"). */
  notTheRecords: (field: string, given: string, owner: 'part' | 'revision', actual: string) =>
    `${humanize(field)} '${given}' is not the ${owner}'s '${actual}': leave it out to take the ${owner}'s`,
  notTheOrdersVendor: () => "Vendor must be the order's vendor",
  badTimestampField: (field: string) => `${humanize(field)} must be a timestamp such as 2016-01-24 20:11:47 -0800 or 2016-01-24T20:11:47+00:00`,
  badCalendarDate: (field: string) => `${humanize(field)} must be a date such as 2026-03-01`,
  /** Attachments (docs/decisions.md, "Attachments"). */
  badParent: () =>
    'Parent must name a record as part/ID, parts/ID/revisions/ID, part_revision/ID, manufacturer/ID, vendor/ID, customer/ID or contact/ID',
  notAMediaType: (field: string) => `${humanize(field)} must be a media type such as application/pdf or text/plain; charset=utf-8`,
  /** One answer for every link that does not hold (expired, altered, unknown): it reveals nothing. */
  badDownloadLink: () => 'This download link is not valid.',
  /** docs/decisions.md, "Idempotency keys". */
  badIdempotencyKey: (max: number) =>
    `Invalid Idempotency-Key: 1 to ${max} visible ASCII characters (letters, digits, punctuation), bare or as a quoted string`,
  idempotencyKeyInUse: () => 'A request with this Idempotency-Key is still being processed; retry it once that one is answered',
  idempotencyKeyReused: () =>
    'This Idempotency-Key was already used for a different request (method, path, query or body); send a new key for a new request',
  idempotencyAnswerLost: () =>
    'The request with this Idempotency-Key was carried out, but its answer was not kept; read the records back instead of sending it again',
  /** docs/decisions.md, "Webhooks". The URL is not repeated: it may hold a credential. */
  badWebhookUrl: () => 'A webhook URL must be an absolute http or https URL, with no user name, password or fragment',
  badWebhookType: (type: string) => `Invalid event type '${type}': a type such as inventory_unit.split, or a family such as inventory_unit`,
  badWebhookSecret: () => 'A webhook secret must be whsec_ followed by the base64 of 24 to 64 bytes; leave it out to have one made',
  badDisposition: (disposition: string) => `Invalid content disposition '${disposition}' requested: inline or attachment.`,
} as const;
