import type { ResourceDef, TableName } from '@pips/domain';
import type { CompiledElement } from '@pips/xml/forms';
import { emptyResponse, listOf, single, type BodyShape, type Operation } from '../operation';

/** `inventory_location` → `InventoryLocation`. */
export const pascal = (name: string) => name.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());

/** `inventory_location` → `Inventory locations`. */
const heading = (segment: string) => `${segment.charAt(0).toUpperCase()}${segment.slice(1).replaceAll('_', ' ')}s`;

const words = (segment: string) => segment.replaceAll('_', ' ');

export interface ReferenceOperations {
  list: Operation;
  show: Operation;
  create: Operation;
  update: Operation;
  delete: Operation;
}

/**
 * The five operations of a reference resource (SPEC 4.2), from its definition: permissions and
 * body fields as the domain declares them, the forms the routes write.
 */
export function referenceOperations<K extends TableName, X>(route: {
  segment: string;
  def: ResourceDef<K, X>;
  shown: CompiledElement<never, never>;
  list?: { root: string; element: CompiledElement<never, never> };
  /** Lists a create body may hold besides the fields (a location's sublocations). */
  createLists?: BodyShape['lists'];
  /** What else the state refuses an update (422), beside changing a fixed column. */
  updateRefusal?: string;
}): ReferenceOperations {
  const { segment, def } = route;
  const tag = heading(segment);
  const name = pascal(segment);
  const read = def.permissions?.read;
  const write = def.permissions?.write;
  const readPermission = read ? { permission: read } : {};
  const writePermission = write ? { permission: write } : {};
  const shown = single(route.shown, name);
  const refusals = [...(def.fixed?.length ? [`changing ${def.fixed.join(', ')}`] : []), ...(route.updateRefusal ? [route.updateRefusal] : [])];
  return {
    list: {
      id: `list${pascal(route.list?.root ?? `${segment}s`)}`,
      summary: `List ${words(segment)}s`,
      description: 'Every record, in id order, streamed.',
      tag,
      ...readPermission,
      response: route.list ? listOf(route.list.root, route.list.element, `${name}Listed`) : emptyResponse,
    },
    show: { id: `show${name}`, summary: `Show a ${words(segment)}`, tag, ...readPermission, response: shown },
    create: {
      id: `create${name}`,
      summary: `Create a ${words(segment)}`,
      tag,
      ...writePermission,
      body: { root: segment, required: false, shape: { fields: def.createFields, mode: 'create', ...(route.createLists && { lists: route.createLists }) } },
      response: shown,
    },
    update: {
      id: `update${name}`,
      summary: `Update a ${words(segment)}`,
      description: 'Only the fields sent change.',
      tag,
      ...writePermission,
      body: { root: segment, required: true, shape: { fields: def.updateFields, mode: 'update' } },
      response: shown,
      ...(refusals.length > 0 && { refusedWhen: `Refused (422); ${refusals.join('; ')}.` }),
    },
    delete: {
      id: `delete${name}`,
      summary: `Delete a ${words(segment)}`,
      tag,
      ...writePermission,
      response: emptyResponse,
      refusedWhen: 'Refused (422) while other records depend on it.',
    },
  };
}
