import {
  createRecord,
  deleteRecord,
  showRecord,
  streamRecords,
  updateRecord,
  type ResourceDef,
  type Shown,
  type TableName,
} from '@pips/domain';
import { compileElement, type Form } from '@pips/xml/forms';
import { domainContext, type AppContext } from './app-state';
import type { RouteTable } from './route-table';
import { pathId } from './path-id';
import { resourceBody } from './resource-body';
import { sendEmpty, sendForm } from './reply';
import { sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';

/** A representation: which fields of a record go on the wire, in which order. */
export type ShownForm<K extends TableName, X> = Form<Shown<K, X>, TimeFormat>;

export type Operation = 'show' | 'create' | 'update' | 'delete';

/** One row of the route table: path segment (also the body root) → domain definition → forms. */
export interface ResourceRoute<K extends TableName, X> {
  segment: string;
  def: ResourceDef<K, X>;
  /** Present when the resource has a list operation: its plural root and list form. */
  list?: { root: string; form: ShownForm<K, X> };
  /** The form show, create and update answer with. */
  show: ShownForm<K, X>;
  operations: readonly Operation[];
}

/** A table row with its types closed over, ready to add its routes. */
export type MountRoutes = (router: RouteTable, time: TimeFormat) => void;

export function resourceRoute<K extends TableName, X>(route: ResourceRoute<K, X>): MountRoutes {
  const { segment, def, operations } = route;
  const has = (op: Operation) => operations.includes(op);
  // Compiled with the route table, at module load; the list items and the record are named `segment`.
  const shownElement = compileElement(segment, route.show);
  const listing = route.list && { root: route.list.root, element: compileElement(segment, route.list.form) };
  return (router, time) => {
    const show = (ctx: AppContext, shown: Shown<K, X>) => sendForm(ctx, shownElement, shown, time);
    const id = (ctx: AppContext) => pathId(def.model, ctx.params.id);
    if (listing) {
      router.get(`/${segment}`, async (ctx) => {
        const batches = await streamRecords(domainContext(ctx), def);
        sendXmlList(ctx, listing.root, batches, listing.element, time);
      });
    }
    if (has('show')) {
      router.get(`/${segment}/:id`, async (ctx) => show(ctx, await showRecord(domainContext(ctx), def, id(ctx))));
    }
    if (has('create')) {
      router.post(`/${segment}`, async (ctx) =>
        show(ctx, await createRecord(domainContext(ctx), def, resourceBody(ctx.state.params, segment, 'create'))),
      );
    }
    if (has('update')) {
      router.put(`/${segment}/:id`, async (ctx) =>
        show(ctx, await updateRecord(domainContext(ctx), def, id(ctx), resourceBody(ctx.state.params, segment, 'update'))),
      );
    }
    if (has('delete')) {
      router.delete(`/${segment}/:id`, async (ctx) => {
        await deleteRecord(domainContext(ctx), def, id(ctx));
        sendEmpty(ctx);
      });
    }
  };
}
