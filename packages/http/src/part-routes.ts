import {
  createPart,
  deletePart,
  errors,
  listParts,
  messages,
  showPart,
  updatePart,
  type PartRef,
  type PartView,
} from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext, type AppContext } from './app-state';
import type { RouteTable } from './route-table';
import { setPagination } from './pagination-header';
import { pathId } from './path-id';
import { sendEmpty, sendForm } from './reply';
import { partListForm, partShowForm } from './representations/part';
import { resourceBody } from './resource-body';
import { sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';

const partListElement = compileElement('part', partListForm);
const partShowElement = compileElement('part', partShowForm);

/** The part a path names: `:id`, or with `find_by=partnumber` the part number `:id` carries. */
function partRef(ctx: AppContext): PartRef {
  const findBy = ctx.state.params.find_by;
  if (findBy === undefined || findBy === null || findBy === '') return { id: pathId('Part', ctx.params.id) };
  if (findBy !== 'partnumber') throw errors.badRequest(messages.invalidParameter('find_by'));
  return { partnumber: ctx.params.id ?? '' };
}

/** SPEC 4.6: parts. A valid token is enough, but to change a released revision (the domain checks). */
export function partRoutes(router: RouteTable, time: TimeFormat): void {
  const show = (ctx: AppContext, view: PartView) => sendForm(ctx, partShowElement, view, time);
  router.get('/part', async (ctx) => {
    const parts = await listParts(domainContext(ctx), ctx.state.params);
    setPagination(ctx, parts.pagination);
    await sendXmlList(ctx, 'parts', parts.batches, partListElement, time);
  });
  router.get('/part/:id', async (ctx) => {
    show(ctx, await showPart(domainContext(ctx), partRef(ctx), ctx.state.params.revision_id));
  });
  router.post('/part', async (ctx) => {
    show(ctx, await createPart(domainContext(ctx), resourceBody(ctx.state.params, 'part', 'create')));
  });
  router.put('/part/:id', async (ctx) => {
    const body = resourceBody(ctx.state.params, 'part', 'update');
    show(ctx, await updatePart(domainContext(ctx), partRef(ctx), body, ctx.state.params.revision_id));
  });
  router.delete('/part/:id', async (ctx) => {
    await deletePart(domainContext(ctx), partRef(ctx));
    sendEmpty(ctx);
  });
}
