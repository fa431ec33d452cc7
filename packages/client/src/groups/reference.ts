import type { CallOptions } from '../call-options';
import type { Decoder } from '../codec/decoders';
import { operations, type Route } from '../operations';
import * as shapes from '../shapes/reference';
import { collect, type Transport } from '../transport/transport';
import type {
  CompanyListItem,
  Contact,
  ContactListItem,
  Customer,
  InventoryLocation,
  InventoryLocationListItem,
  InventorySublocation,
  Manufacturer,
  Parttype,
  Unit,
  UnitListItem,
  Vendor,
} from '../types/reference';
import type {
  ContactInput,
  CustomerInput,
  InventoryLocationInput,
  InventorySublocationInput,
  ManufacturerInput,
  ParttypeInput,
  UnitInput,
  Update,
  VendorInput,
} from '../types/reference-inputs';

/** One record shown, created, updated or deleted by id. */
export interface RecordOperations<Item, CreateInput, UpdateInput> {
  show(id: number, options?: CallOptions): Promise<Item>;
  create(input: CreateInput, options?: CallOptions): Promise<Item>;
  update(id: number, input: UpdateInput, options?: CallOptions): Promise<Item>;
  delete(id: number, options?: CallOptions): Promise<void>;
}

/** SPEC 4.2's five operations: the whole list, and the record operations. */
export interface ReferenceGroup<ListItem, Item, CreateInput, UpdateInput> extends RecordOperations<Item, CreateInput, UpdateInput> {
  list(options?: CallOptions): Promise<ListItem[]>;
}

type RecordRoutes = Readonly<Record<'show' | 'create' | 'update' | 'delete', Route>>;

/** The operations on a record named `element` (the body root too). */
function recordOperations<Item, CreateInput extends object, UpdateInput extends object>(
  transport: Transport,
  routes: RecordRoutes,
  element: string,
  decode: Decoder<Item>,
): RecordOperations<Item, CreateInput, UpdateInput> {
  return {
    show: (id, options) => transport.document(routes.show, { params: { id }, options }, element, decode),
    create: (input, options) => transport.document(routes.create, { body: { root: element, fields: input }, options }, element, decode),
    update: (id, input, options) => transport.document(routes.update, { params: { id }, body: { root: element, fields: input }, options }, element, decode),
    delete: (id, options) => transport.empty(routes.delete, { params: { id }, options }),
  };
}

/** The record operations, and the whole list under `listRoot`. */
function referenceGroup<ListItem, Item, CreateInput extends object, UpdateInput extends object>(
  transport: Transport,
  routes: RecordRoutes & { readonly list: Route },
  element: string,
  listRoot: string,
  decodeListItem: Decoder<ListItem>,
  decode: Decoder<Item>,
): ReferenceGroup<ListItem, Item, CreateInput, UpdateInput> {
  return {
    list: async (options) => collect((await transport.list(routes.list, { options }, listRoot, element, decodeListItem)).items),
    ...recordOperations<Item, CreateInput, UpdateInput>(transport, routes, element, decode),
  };
}

export interface ReferenceGroups {
  customers: ReferenceGroup<Customer, Customer, CustomerInput, Update<CustomerInput>>;
  contacts: ReferenceGroup<ContactListItem, Contact, ContactInput, ContactInput>;
  manufacturers: ReferenceGroup<CompanyListItem, Manufacturer, ManufacturerInput, Update<ManufacturerInput>>;
  vendors: ReferenceGroup<CompanyListItem, Vendor, VendorInput, Update<VendorInput>>;
  parttypes: ReferenceGroup<Parttype, Parttype, ParttypeInput, Update<Omit<ParttypeInput, 'part_next'>>>;
  units: ReferenceGroup<UnitListItem, Unit, UnitInput, Update<UnitInput>>;
  inventoryLocations: ReferenceGroup<
    InventoryLocationListItem,
    InventoryLocation,
    InventoryLocationInput,
    Update<Omit<InventoryLocationInput, 'inventory_sublocations'>>
  >;
  /** Sublocations have no list (SPEC 4.3). */
  inventorySublocations: RecordOperations<InventorySublocation, InventorySublocationInput, Update<InventorySublocationInput>>;
}

export function referenceGroups(transport: Transport): ReferenceGroups {
  return {
    customers: referenceGroup(transport, operations.customers, 'customer', 'customers', shapes.customer, shapes.customer),
    contacts: referenceGroup(transport, operations.contacts, 'contact', 'contacts', shapes.contactListItem, shapes.contact),
    manufacturers: referenceGroup(transport, operations.manufacturers, 'manufacturer', 'manufacturers', shapes.companyListItem, shapes.manufacturer),
    vendors: referenceGroup(transport, operations.vendors, 'vendor', 'vendors', shapes.companyListItem, shapes.vendor),
    parttypes: referenceGroup(transport, operations.parttypes, 'parttype', 'parttypes', shapes.parttype, shapes.parttype),
    units: referenceGroup(transport, operations.units, 'unit', 'units', shapes.unitListItem, shapes.unit),
    inventoryLocations: referenceGroup(
      transport,
      operations.inventoryLocations,
      'inventory_location',
      'inventory_locations',
      shapes.inventoryLocationListItem,
      shapes.inventoryLocation,
    ),
    inventorySublocations: recordOperations(transport, operations.inventorySublocations, 'inventory_sublocation', shapes.inventorySublocation),
  };
}
