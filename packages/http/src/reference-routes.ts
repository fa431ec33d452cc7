import {
  requestFields,
  requestValues,
  contactResource,
  customerResource,
  inventoryLocationResource,
  inventorySublocationResource,
  manufacturerResource,
  parttypeResource,
  unitConversionResource,
  unitResource,
  vendorResource,
} from '@pips/domain';
import { contactListColumns, contactListForm, contactShowForm } from './representations/contact';
import { customerForm } from './representations/customer';
import { locationListForm, locationShowForm } from './representations/inventory-location';
import { sublocationForm } from './representations/inventory-sublocation';
import { companyListColumns, companyListForm, manufacturerShowForm } from './representations/manufacturer';
import { parttypeForm } from './representations/parttype';
import { unitConversionForm } from './representations/unit-conversion';
import { unitListColumns, unitListForm, unitShowForm } from './representations/unit';
import { vendorShowForm } from './representations/vendor';
import { resourceRoute, type MountRoutes, type Operation } from './resource-route';

const all: readonly Operation[] = ['show', 'create', 'update', 'delete'];

/** SPEC 4.2, 4.3 and the unit conversion part of 4.5: path segment → domain definition → forms. */
export const referenceRoutes: readonly MountRoutes[] = [
  resourceRoute({
    segment: 'customer',
    def: customerResource,
    list: { root: 'customers', form: customerForm },
    show: customerForm,
    operations: all,
  }),
  resourceRoute({
    segment: 'contact',
    def: contactResource,
    list: { root: 'contacts', columns: contactListColumns, form: contactListForm },
    show: contactShowForm,
    operations: all,
  }),
  resourceRoute({
    segment: 'manufacturer',
    def: manufacturerResource,
    list: { root: 'manufacturers', columns: companyListColumns, form: companyListForm },
    show: manufacturerShowForm,
    operations: all,
  }),
  resourceRoute({
    segment: 'vendor',
    def: vendorResource,
    list: { root: 'vendors', columns: companyListColumns, form: companyListForm },
    show: vendorShowForm,
    operations: all,
  }),
  resourceRoute({
    segment: 'parttype',
    def: parttypeResource,
    list: { root: 'parttypes', form: parttypeForm },
    show: parttypeForm,
    operations: all,
  }),
  resourceRoute({
    segment: 'unit',
    def: unitResource,
    list: { root: 'units', columns: unitListColumns, form: unitListForm },
    show: unitShowForm,
    operations: all,
  }),
  resourceRoute({
    segment: 'inventory_location',
    def: inventoryLocationResource,
    list: { root: 'inventory_locations', form: locationListForm },
    show: locationShowForm,
    operations: all,
    createLists: {
      [requestValues.locationSublocationList]: {
        item: 'inventory_sublocation',
        shape: { fields: requestFields.locationSublocation, mode: 'create' },
      },
    },
  }),
  resourceRoute({
    segment: 'inventory_sublocation',
    def: inventorySublocationResource,
    show: sublocationForm,
    operations: all,
    updateRefusal: 'turning has_bins off while units are kept in its bins',
  }),
  resourceRoute({
    segment: 'unit_conversion',
    def: unitConversionResource,
    show: unitConversionForm,
    operations: ['create', 'delete'],
  }),
];
