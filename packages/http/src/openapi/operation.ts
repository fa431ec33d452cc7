import type { FieldSpec, Permission } from '@pips/domain';
import type { CompiledElement, ValueSchema } from '@pips/xml/forms';

/**
 * What an API route does, declared where the route is registered and read only when the OpenAPI
 * description is built (never while serving): a route table entry carries one.
 */
export interface Operation {
  /** The OpenAPI operationId: a verb and the resource (`listParts`). */
  readonly id: string;
  readonly summary: string;
  readonly description?: string;
  /** The group the operation is listed under. */
  readonly tag: string;
  /** The permission every call needs, as the domain declares it. */
  readonly permission?: Permission;
  /** A permission asked for only in some cases, and when. */
  readonly permissionWhen?: { readonly permission: Permission; readonly when: string };
  /** Path parameters that are not an integer id, or that need saying more. */
  readonly pathParameters?: Readonly<Record<string, PathParameter>>;
  readonly query?: readonly QueryParameter[];
  readonly body?: RequestBody;
  readonly response: Response;
  /** A 422 answers when the state forbids the action: the cases, in a sentence. */
  readonly refusedWhen?: string;
  /** A 400 may list errors per item of a list (SPEC 7's add subparts). */
  readonly itemErrors?: { readonly root: string; readonly item: string };
  /** A 404 that is not about the path's id (a linecard pair not linked). */
  readonly notFoundWhen?: string;
  /** Beyond the interface of SPEC.md (DESIGN 4): marked `x-pips-extension`. */
  readonly extension?: boolean;
  /** SPEC marks the operation beta, subject to change. */
  readonly beta?: boolean;
}

export interface PathParameter {
  readonly description: string;
  readonly schema?: ValueSchema;
}

export interface QueryParameter {
  readonly name: string;
  readonly description: string;
  readonly schema: ValueSchema;
  readonly required?: boolean;
}

/** Field specs as the domain declares them; a resource's may leave some columns out. */
export type BodyFields = { readonly [field: string]: FieldSpec | undefined };

/** The fields of a body, or of a hash or list item within it. */
export interface BodyShape {
  /** The fields the command's parse step declares. */
  readonly fields?: BodyFields;
  /** `create`: the specs' required marks hold; `update`: every field may be left out. */
  readonly mode: 'create' | 'update';
  /** Fields read beside the declared ones. */
  readonly extra?: Readonly<Record<string, ValueSchema>>;
  /** Hashes within. */
  readonly nested?: Readonly<Record<string, BodyShape>>;
  /** Lists within (`type="array"`), each of `item` elements. */
  readonly lists?: Readonly<Record<string, { readonly item: string; readonly shape: BodyShape }>>;
  /** Fields the client names (`x_…`). */
  readonly named?: { readonly pattern: string; readonly schema: ValueSchema };
}

export interface RequestBody {
  /** The root element of an XML body, the first key of a form-encoded one. */
  readonly root: string;
  readonly shape: BodyShape;
  /** An update that names nothing to change is a 400. */
  readonly required: boolean;
  readonly description?: string;
}

// The element's type parameters are erased: a description reads only its name and form.
type AnyElement = CompiledElement<never, never>;

export type Response =
  | { readonly kind: 'empty' }
  | { readonly kind: 'one'; readonly element: AnyElement; readonly schema: string }
  | {
      readonly kind: 'list';
      readonly root: string;
      readonly element: AnyElement;
      readonly schema: string;
      /** `optional`: the whole list, or a page with `page`/`per_page`; `always`: a page. */
      readonly pages: 'none' | 'optional' | 'always';
    };

/** An empty 200 (`Content-Length: 0`). */
export const emptyResponse: Response = { kind: 'empty' };

/** One element of `element`'s form, its schema named `schema` in the description. */
export function single<T, E>(element: CompiledElement<T, E>, schema: string): Response {
  return { kind: 'one', element: element as unknown as AnyElement, schema };
}

/** `<root type="array">` of `element`s. */
export function listOf<T, E>(root: string, element: CompiledElement<T, E>, schema: string, pages: 'none' | 'optional' | 'always' = 'none'): Response {
  return { kind: 'list', root, element: element as unknown as AnyElement, schema, pages };
}
