import type Router from '@koa/router';
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
import type { XmlFields } from '@pips/xml';
import { domainContext, type AppContext, type AppState } from './app-state';
import { pathId } from './path-id';
import { resourceBody } from './resource-body';
import { sendEmpty, sendXml } from './reply';
import { sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';

/** A representation: which fields of a record go on the wire, in which order. */
export type Form<K extends TableName, X> = (shown: Shown<K, X>, time: TimeFormat) => XmlFields;

export type Operation = 'show' | 'create' | 'update' | 'delete';

/** One row of the route table: path segment (also the body root) → domain definition → forms. */
export interface ResourceRoute<K extends TableName, X> {
  segment: string;
  def: ResourceDef<K, X>;
  /** Present when the resource has a list operation: its plural root and list form. */
  list?: { root: string; form: Form<K, X> };
  /** The form show, create and update answer with. */
  show: Form<K, X>;
  operations: readonly Operation[];
}

/** A table row with its types closed over, ready to add its routes. */
export type MountRoutes = (router: Router<AppState>, time: TimeFormat) => void;

export function resourceRoute<K extends TableName, X>(route: ResourceRoute<K, X>): MountRoutes {
  const { segment, def, operations } = route;
  const has = (op: Operation) => operations.includes(op);
  return (router, time) => {
    const show = (ctx: AppContext, shown: Shown<K, X>) => sendXml(ctx, segment, route.show(shown, time));
    const id = (ctx: AppContext) => pathId(def.model, ctx.params.id);
    const listing = route.list;
    if (listing) {
      router.get(`/${segment}`, async (ctx) => {
        const batches = await streamRecords(domainContext(ctx), def);
        sendXmlList(ctx, listing.root, segment, batches, (shown) => listing.form(shown, time));
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
