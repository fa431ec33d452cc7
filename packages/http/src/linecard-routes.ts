import { addLinecard, parseLinecardPair, removeLinecard } from '@pips/domain';
import { domainContext } from './app-state';
import type { RouteTable } from './route-table';
import { sendEmpty } from './reply';
import { linkOperations } from './openapi/operations/links';

/** SPEC 4.5: the pair comes in the query string; the domain's parse step reads and checks both ids first. */
export function linecardRoutes(router: RouteTable): void {
  router.post('/linecard', async (ctx) => {
    await addLinecard(domainContext(ctx), parseLinecardPair(ctx.state.params));
    sendEmpty(ctx);
  }, linkOperations.addLinecard);
  router.delete('/linecard', async (ctx) => {
    await removeLinecard(domainContext(ctx), parseLinecardPair(ctx.state.params));
    sendEmpty(ctx);
  }, linkOperations.removeLinecard);
}
