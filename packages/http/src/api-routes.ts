import type { AppMiddleware } from './app-state';
import { attachmentRoutes } from './attachment-routes';
import type { LinkMaker } from './attachment-links/link-maker';
import { bomRoutes } from './bom-routes';
import { commitSignal } from './commit-signal';
import { eventRoutes, type EventFeed } from './event-routes';
import { inventoryUnitRoutes } from './inventory-unit-routes';
import { purchaseOrderRoutes } from './purchase-order-routes';
import { linecardRoutes } from './linecard-routes';
import { apiRouteTable, type ApiRoute, type RouteTable } from './route-table';
import { partRoutes } from './part-routes';
import { quoteRoutes } from './quote-routes';
import { referenceRoutes } from './reference-routes';
import { revisionRoutes } from './revision-routes';
import { subpartRoutes } from './subpart-routes';
import { timeFormat, type TimeFormat } from './time-format';
import { vendorPartNumberRoutes } from './vendor-part-number-routes';

/** Every route under `/api/v2/:api_token`, the list of them the description is built from, and the registered path a request would reach. */
export function apiRoutes(
  time: TimeFormat,
  links: LinkMaker,
  feed: EventFeed,
): { middleware: AppMiddleware; routes: readonly ApiRoute[]; templateOf(method: string, rest: string): string | undefined } {
  const { table, middleware, routes, templateOf } = apiRouteTable();
  mountApiRoutes(table, time, links, feed);
  return { middleware: middleware(), routes: routes(), templateOf };
}

/** Every API route's method and path, in registration order: what a client, a description or a test walks. */
export function apiRouteList(): readonly ApiRoute[] {
  const { table, routes } = apiRouteTable();
  const noLinks: LinkMaker = { uri: () => Promise.reject(new Error('a route list makes no links')) };
  mountApiRoutes(table, timeFormat('UTC'), noLinks, { signal: commitSignal(), number: () => Promise.reject(new Error('a route list reads no events')) });
  return routes();
}

function mountApiRoutes(table: RouteTable, time: TimeFormat, links: LinkMaker, feed: EventFeed): void {
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
  eventRoutes(table, time, feed);
}
