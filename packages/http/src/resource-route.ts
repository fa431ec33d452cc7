import {
  createRecord, parseRecord,
  deleteRecord,
  showRecord,
  streamRecords,
  updateRecord, parseRecordChanges,
  type Columns,
  type ResourceDef,
  type Shown,
  type TableName,
  type Tables,
} from '@pips/domain';
import { compileElement, type CompiledElement, type Form } from '@pips/xml/forms';
import { domainContext, type AppContext } from './app-state';
import type { BodyShape } from './openapi/operation';
import { referenceOperations } from './openapi/operations/reference';
import type { RouteTable } from './route-table';
import { pathId } from './path-id';
import { resourceBody } from './resource-body';
import { sendEmpty, sendForm } from './reply';
import { sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';

/** A representation: which fields of a record go on the wire, in which order. */
export type ShownForm<K extends TableName, X> = Form<Shown<K, X>, TimeFormat>;

export type Operation = 'show' | 'create' | 'update' | 'delete';

/**
 * A list operation: its plural root and list form, the form over whole records with their related
 * data or, when the list names its `columns`, over those columns only (read no more than shown).
 */
export type ResourceList<K extends TableName, X, C extends keyof Tables[K] & string> =
  | { root: string; form: ShownForm<K, X>; columns?: undefined }
  | { root: string; columns: readonly C[]; form: Form<Columns<K, C>, TimeFormat> };

/** One row of the route table: path segment (also the body root) → domain definition → forms. */
export interface ResourceRoute<K extends TableName, X, C extends keyof Tables[K] & string = keyof Tables[K] & string> {
  segment: string;
  def: ResourceDef<K, X>;
  /** Present when the resource has a list operation. */
  list?: ResourceList<K, X, C>;
  /** The form show, create and update answer with. */
  show: ShownForm<K, X>;
  operations: readonly Operation[];
  /** Lists a create body may hold besides the fields, for the description (a location's sublocations). */
  createLists?: BodyShape['lists'];
  /** What else the state refuses an update (422), for the description. */
  updateRefusal?: string;
}

/** A table row with its types closed over, ready to add its routes. */
export type MountRoutes = (router: RouteTable, time: TimeFormat) => void;

type Handler = (ctx: AppContext) => Promise<void>;

/** The list route's handler for a time format; its form compiled here, once (its items are named `segment`). */
function listHandler<K extends TableName, X, C extends keyof Tables[K] & string>(
  segment: string,
  def: ResourceDef<K, X>,
  list: ResourceList<K, X, C>,
): { handler: (time: TimeFormat) => Handler; element: CompiledElement<never, never> } {
  if (list.columns) {
    const { columns } = list;
    const element = compileElement(segment, list.form);
    const handler = (time: TimeFormat): Handler => async (ctx) =>
      sendXmlList(ctx, list.root, await streamRecords(domainContext(ctx), def, { columns }), element, time);
    return { handler, element: element as unknown as CompiledElement<never, never> };
  }
  const element = compileElement(segment, list.form);
  const handler = (time: TimeFormat): Handler => async (ctx) => sendXmlList(ctx, list.root, await streamRecords(domainContext(ctx), def), element, time);
  return { handler, element: element as unknown as CompiledElement<never, never> };
}

export function resourceRoute<K extends TableName, X, C extends keyof Tables[K] & string>(route: ResourceRoute<K, X, C>): MountRoutes {
  const { segment, def, operations } = route;
  const has = (op: Operation) => operations.includes(op);
  // Compiled with the route table, at module load; the record is named `segment`.
  const shownElement = compileElement(segment, route.show);
  const listing = route.list && listHandler(segment, def, route.list);
  const described = referenceOperations({
    segment,
    def,
    shown: shownElement as unknown as CompiledElement<never, never>,
    ...(route.list && listing && { list: { root: route.list.root, element: listing.element } }),
    ...(route.createLists && { createLists: route.createLists }),
    ...(route.updateRefusal && { updateRefusal: route.updateRefusal }),
  });
  return (router, time) => {
    const show = (ctx: AppContext, shown: Shown<K, X>) => sendForm(ctx, shownElement, shown, time);
    const id = (ctx: AppContext) => pathId(def.model, ctx.params.id);
    if (listing) router.get(`/${segment}`, listing.handler(time), described.list);
    if (has('show')) {
      router.get(`/${segment}/:id`, async (ctx) => show(ctx, await showRecord(domainContext(ctx), def, id(ctx))), described.show);
    }
    if (has('create')) {
      router.post(
        `/${segment}`,
        async (ctx) => show(ctx, await createRecord(domainContext(ctx), def, parseRecord(def, resourceBody(ctx.state.params, segment, 'create')))),
        described.create,
      );
    }
    if (has('update')) {
      router.put(
        `/${segment}/:id`,
        async (ctx) => show(ctx, await updateRecord(domainContext(ctx), def, id(ctx), parseRecordChanges(def, resourceBody(ctx.state.params, segment, 'update')))),
        described.update,
      );
    }
    if (has('delete')) {
      router.delete(
        `/${segment}/:id`,
        async (ctx) => {
          await deleteRecord(domainContext(ctx), def, id(ctx));
          sendEmpty(ctx);
        },
        described.delete,
      );
    }
  };
}
