import {
  addSubparts,
  createRevision,
  deleteRevision,
  listPartAncestors,
  listRevisions,
  parseAddSubparts,
  parseCreateRevision,
  parseRelease,
  releaseRevision,
  showRevision,
} from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext, type AppContext } from './app-state';
import { pathId } from './path-id';
import { sendEmpty, sendForm } from './reply';
import { partAncestorForm } from './representations/part';
import { revisionForm } from './representations/part-revision';
import { revisionShowForm } from './representations/revision-show';
import type { RouteTable } from './route-table';
import { oneBatch, sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';
import { revisionOperations } from './openapi/operations/revisions';

const revisionListElement = compileElement('part_revision', revisionForm);
const revisionShowElement = compileElement('part_revision', revisionShowForm);
const partAncestorElement = compileElement('part', partAncestorForm);
const described = revisionOperations(revisionListElement, revisionShowElement, partAncestorElement);

const partId = (ctx: AppContext) => pathId('Part', ctx.params.part_id);
const revisionId = (ctx: AppContext) => pathId('PartRevision', ctx.params.id);

/** SPEC 4.7: a part's revisions. A valid token is enough (DESIGN 4), except to add subparts (the domain asks create_draft_revisions). */
export function revisionRoutes(router: RouteTable, time: TimeFormat): void {
  router.get('/parts/:part_id/revisions', async (ctx) => {
    const revisions = await listRevisions(domainContext(ctx), partId(ctx));
    await sendXmlList(ctx, 'part_revisions', oneBatch(revisions), revisionListElement, time);
  }, described.list);
  router.get('/parts/:part_id/revisions/:id', async (ctx) => {
    sendForm(ctx, revisionShowElement, await showRevision(domainContext(ctx), partId(ctx), revisionId(ctx)), time);
  }, described.show);
  router.get('/parts/:part_id/revisions/:id/part_ancestors', async (ctx) => {
    const ancestors = await listPartAncestors(domainContext(ctx), partId(ctx), revisionId(ctx));
    await sendXmlList(ctx, 'part_ancestors', oneBatch(ancestors), partAncestorElement, time);
  }, described.ancestors);
  router.post('/parts/:part_id/revisions', async (ctx) => {
    // The source revision and copy_subparts come in the query; the new revision's name in the body.
    const { part_revision: body, ...query } = ctx.state.params;
    sendForm(ctx, revisionShowElement, await createRevision(domainContext(ctx), partId(ctx), parseCreateRevision(query, body)), time);
  }, described.create);
  router.delete('/parts/:part_id/revisions/:id', async (ctx) => {
    await deleteRevision(domainContext(ctx), partId(ctx), revisionId(ctx));
    sendEmpty(ctx);
  }, described.delete);
  router.post('/parts/:part_id/revisions/:id/subparts', async (ctx) => {
    const [domain, part, revision] = [domainContext(ctx), partId(ctx), revisionId(ctx)];
    const input = parseAddSubparts(ctx.state.params.part_revision);
    sendForm(ctx, revisionShowElement, await addSubparts(domain, part, revision, input), time);
  }, described.addSubparts);
  router.post('/parts/:part_id/revisions/:id/release', async (ctx) => {
    const { part_revision: body, bypass_part_ancestor_up_rev_guard: bypass } = ctx.state.params;
    await releaseRevision(domainContext(ctx), partId(ctx), revisionId(ctx), parseRelease(body, bypass));
    sendEmpty(ctx);
  }, described.release);
}
