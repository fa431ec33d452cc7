import type { AppMiddleware } from './app-state';
import { API_PREFIX } from './api-path';
import { attachmentRoutes } from './attachment-routes';
import type { LinkMaker } from './attachment-links/link-maker';
import { bomRoutes } from './bom-routes';
import { inventoryUnitRoutes } from './inventory-unit-routes';
import { purchaseOrderRoutes } from './purchase-order-routes';
import { linecardRoutes } from './linecard-routes';
import { segmentedRoutes } from './route-table';
import { partRoutes } from './part-routes';
import { quoteRoutes } from './quote-routes';
import { referenceRoutes } from './reference-routes';
import { revisionRoutes } from './revision-routes';
import { subpartRoutes } from './subpart-routes';
import type { TimeFormat } from './time-format';
import { vendorPartNumberRoutes } from './vendor-part-number-routes';

/** Every route under `/api/v2/:api_token`. */
export function apiRoutes(time: TimeFormat, links: LinkMaker): AppMiddleware {
  const { table, middleware } = segmentedRoutes(`${API_PREFIX}/:api_token`);
  for (const mount of referenceRoutes) mount(table, time);
  linecardRoutes(table);
  vendorPartNumberRoutes(table);
  quoteRoutes(table);
  partRoutes(table, time);
  revisionRoutes(table, time);
  bomRoutes(table, time);
  subpartRoutes(table, time);
  inventoryUnitRoutes(table, time);
  purchaseOrderRoutes(table, time);
  attachmentRoutes(table, time, links);
  return middleware();
}
