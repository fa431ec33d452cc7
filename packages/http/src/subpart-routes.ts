import { addSubpart, parseSubpart, parseSubpartChanges, removeSubpart, updateSubpart } from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext } from './app-state';
import { pathId } from './path-id';
import { sendEmpty, sendForm } from './reply';
import { subpartForm } from './representations/part-groups';
import { resourceBody } from './resource-body';
import type { RouteTable } from './route-table';
import type { TimeFormat } from './time-format';
import { subpartOperations } from './openapi/operations/revisions';

const subpartElement = compileElement('subpart', subpartForm);
const described = subpartOperations(subpartElement);

/** SPEC 4.4: a line of a draft revision's bill. Changing a bill needs create_draft_revisions (the domain checks). */
export function subpartRoutes(router: RouteTable, time: TimeFormat): void {
  router.post('/subpart', async (ctx) => {
    const domain = domainContext(ctx);
    const input = parseSubpart(resourceBody(ctx.state.params, 'subpart', 'create'));
    sendForm(ctx, subpartElement, await addSubpart(domain, input), time);
  }, described.create);
  router.put('/subpart/:id', async (ctx) => {
    const body = resourceBody(ctx.state.params, 'subpart', 'update');
    sendForm(ctx, subpartElement, await updateSubpart(domainContext(ctx), pathId('Subpart', ctx.params.id), parseSubpartChanges(body)), time);
  }, described.update);
  router.delete('/subpart/:id', async (ctx) => {
    await removeSubpart(domainContext(ctx), pathId('Subpart', ctx.params.id));
    sendEmpty(ctx);
  }, described.delete);
}
