import {
  createPart, parseCreatePart,
  deletePart,
  listParts,
  showPart,
  updatePart, parseUpdatePart,
  type PartView,
} from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext, type AppContext } from './app-state';
import type { RouteTable } from './route-table';
import { setPagination } from './pagination-header';
import { partRef } from './part-ref';
import { sendEmpty, sendForm } from './reply';
import { partListForm, partShowForm } from './representations/part';
import { resourceBody } from './resource-body';
import { sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';
import { partOperations } from './openapi/operations/parts';

const partListElement = compileElement('part', partListForm);
const partShowElement = compileElement('part', partShowForm);
const described = partOperations(partListElement, partShowElement);

/** SPEC 4.6: parts. A valid token is enough, but to change a released revision (the domain checks). */
export function partRoutes(router: RouteTable, time: TimeFormat): void {
  const show = (ctx: AppContext, view: PartView) => sendForm(ctx, partShowElement, view, time);
  router.get('/part', async (ctx) => {
    const parts = await listParts(domainContext(ctx), ctx.state.params);
    setPagination(ctx, parts.pagination);
    await sendXmlList(ctx, 'parts', parts.batches, partListElement, time);
  }, described.list);
  router.get('/part/:id', async (ctx) => {
    show(ctx, await showPart(domainContext(ctx), partRef(ctx), ctx.state.params.revision_id));
  }, described.show);
  router.post('/part', async (ctx) => {
    show(ctx, await createPart(domainContext(ctx), parseCreatePart(resourceBody(ctx.state.params, 'part', 'create'))));
  }, described.create);
  router.put('/part/:id', async (ctx) => {
    const body = resourceBody(ctx.state.params, 'part', 'update');
    show(ctx, await updatePart(domainContext(ctx), partRef(ctx), parseUpdatePart(body), ctx.state.params.revision_id));
  }, described.update);
  router.delete('/part/:id', async (ctx) => {
    await deletePart(domainContext(ctx), partRef(ctx));
    sendEmpty(ctx);
  }, described.delete);
}
