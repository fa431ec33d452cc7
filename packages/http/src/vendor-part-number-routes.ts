import { addVendorPartNumber, parseVendorPartNumber, removeVendorPartNumber, VENDOR_PART_NUMBER_MODEL } from '@pips/domain';
import { domainContext } from './app-state';
import type { RouteTable } from './route-table';
import { pathId } from './path-id';
import { sendEmpty } from './reply';
import { resourceBody } from './resource-body';
import { linkOperations } from './openapi/operations/links';

/** SPEC 4.5: a vendor's number for a part; both answers are empty. */
export function vendorPartNumberRoutes(router: RouteTable): void {
  router.post('/vendor_partnumber', async (ctx) => {
    await addVendorPartNumber(domainContext(ctx), parseVendorPartNumber(resourceBody(ctx.state.params, 'vendor_partnumber', 'create')));
    sendEmpty(ctx);
  }, linkOperations.addVendorPartNumber);
  router.delete('/vendor_partnumber/:id', async (ctx) => {
    await removeVendorPartNumber(domainContext(ctx), pathId(VENDOR_PART_NUMBER_MODEL, ctx.params.id));
    sendEmpty(ctx);
  }, linkOperations.removeVendorPartNumber);
}
