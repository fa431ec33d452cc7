import { listPartAncestors, listRevisions, showRevision } from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext, type AppContext } from './app-state';
import { pathId } from './path-id';
import { sendForm } from './reply';
import { partAncestorForm } from './representations/part';
import { revisionForm } from './representations/part-revision';
import { revisionShowForm } from './representations/revision-show';
import type { RouteTable } from './route-table';
import { sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';

const revisionListElement = compileElement('part_revision', revisionForm);
const revisionShowElement = compileElement('part_revision', revisionShowForm);
const partAncestorElement = compileElement('part', partAncestorForm);

/** One batch, as the list writer takes them: these lists are read whole, in one statement. */
async function* once<T>(items: readonly T[]): AsyncGenerator<readonly T[]> {
  yield items;
}

const partId = (ctx: AppContext) => pathId('Part', ctx.params.part_id);
const revisionId = (ctx: AppContext) => pathId('PartRevision', ctx.params.id);

/** SPEC 4.7: a part's revisions. Reading needs a valid token only. */
export function revisionRoutes(router: RouteTable, time: TimeFormat): void {
  router.get('/parts/:part_id/revisions', async (ctx) => {
    const revisions = await listRevisions(domainContext(ctx), partId(ctx));
    await sendXmlList(ctx, 'part_revisions', once(revisions), revisionListElement, time);
  });
  router.get('/parts/:part_id/revisions/:id', async (ctx) => {
    sendForm(ctx, revisionShowElement, await showRevision(domainContext(ctx), partId(ctx), revisionId(ctx)), time);
  });
  router.get('/parts/:part_id/revisions/:id/part_ancestors', async (ctx) => {
    const ancestors = await listPartAncestors(domainContext(ctx), partId(ctx), revisionId(ctx));
    await sendXmlList(ctx, 'part_ancestors', once(ancestors), partAncestorElement, time);
  });
}
