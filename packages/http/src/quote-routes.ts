import { addQuote, parseQuote, removeQuote } from '@pips/domain';
import { domainContext } from './app-state';
import type { RouteTable } from './route-table';
import { pathId } from './path-id';
import { sendEmpty } from './reply';
import { resourceBody } from './resource-body';
import { linkOperations } from './openapi/operations/links';

/** SPEC 4.5: a vendor's price for a part; both answers are empty. */
export function quoteRoutes(router: RouteTable): void {
  router.post('/quote', async (ctx) => {
    await addQuote(domainContext(ctx), parseQuote(resourceBody(ctx.state.params, 'quote', 'create')));
    sendEmpty(ctx);
  }, linkOperations.addQuote);
  router.delete('/quote/:id', async (ctx) => {
    await removeQuote(domainContext(ctx), pathId('Quote', ctx.params.id));
    sendEmpty(ctx);
  }, linkOperations.removeQuote);
}
