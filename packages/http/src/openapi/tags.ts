/**
 * What each group of operations is about, in the order the page lists them. An operation's tag
 * must be one of these: the document cannot be built with a tag that says nothing.
 */
export const tagDescriptions: Readonly<Record<string, string>> = {
  Customers: 'The companies parts are sold to.',
  Contacts: 'People at a vendor or a customer.',
  Manufacturers: 'The makers of parts; a part names its manufacturer and the manufacturer part number.',
  Vendors: 'The companies parts are bought from.',
  Parttypes: 'Kinds of part (resistor, assembly): the prefix and counter of the part numbers made for a new part, and the attrition allowed for.',
  Units: 'Units of measure that parts are counted in, and whether a quantity may have a fraction.',
  'Inventory locations': 'Places that hold stock (a warehouse, a line), each with its sublocations.',
  'Inventory sublocations': 'Shelves, racks and bins inside a location: where an inventory unit is.',
  'Unit conversions': 'How many of one unit make another (a reel of 5000).',
  Linecards: 'Which vendors sell which manufacturers’ parts.',
  'Vendor part numbers': 'The number a vendor sells a part under.',
  Quotes: 'A vendor’s price for a part, from a quantity, with lead time and validity.',
  Parts: 'Parts with their manufacturer, type, unit and prices; each has revisions, one of them active.',
  'Part revisions': 'Versions of a part: drafts that can change, and released revisions that stay as released.',
  'Bills of material': 'A revision’s bill exploded into every line, with quantities and costs rolled up.',
  Subparts: 'The lines of a draft revision’s bill: a child part, its quantity and designators.',
  'Inventory units': 'Stock: a quantity of one part in one sublocation, with its history of changes.',
  'Purchase orders': 'Orders placed with vendors, read only here; they come in by import.',
  Attachments: 'Files kept with records, read only here; a signed link downloads one without a token.',
  Events: 'Every committed change, in commit order, from an outbox written with the change: a feed to follow (an extension).',
  Service: 'Probes and metrics for whoever runs the server, outside the token prefix: no token.',
};

/** The description of `tag`; a tag not listed is a mistake in the operations. */
export function tagDescription(tag: string): string {
  const description = Object.hasOwn(tagDescriptions, tag) ? tagDescriptions[tag] : undefined;
  if (description === undefined) throw new Error(`the tag ${tag} has no description in tags.ts`);
  return description;
}
