import { explodeBom, parseLevels } from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext } from './app-state';
import { pathId } from './path-id';
import { sendForm } from './reply';
import { bomForm } from './representations/bom';
import type { RouteTable } from './route-table';
import type { TimeFormat } from './time-format';
import { bomOperation } from './openapi/operations/revisions';

const bomElement = compileElement('bom', bomForm);
const described = bomOperation(bomElement);

/**
 * An extension beyond the interface: a revision's bill exploded to every level (or `levels`), with
 * its cost rolled up. Reading needs a valid token only.
 */
export function bomRoutes(router: RouteTable, time: TimeFormat): void {
  router.get('/parts/:part_id/revisions/:id/bom', async (ctx) => {
    const partId = pathId('Part', ctx.params.part_id);
    const revisionId = pathId('PartRevision', ctx.params.id);
    sendForm(ctx, bomElement, await explodeBom(domainContext(ctx), partId, revisionId, parseLevels(ctx.state.params.levels)), time);
  }, described);
}
