import { errors, messages } from '../errors';
import type { Permission } from '../permissions';
import { parsePermissions } from './token-permissions';

/** What `token update` asks for. */
export interface UpdateTokenRequest {
  /** The live token's name, or its id written as digits. */
  nameOrId: string;
  add: readonly string[];
  remove: readonly string[];
  /** `--read-only`. */
  readOnly?: boolean;
  /** `--read-write`. */
  readWrite?: boolean;
}

export interface UpdateTokenInput {
  nameOrId: string;
  add: Permission[];
  remove: Permission[];
  /** The scope to give the token; undefined keeps its own. */
  readOnly: boolean | undefined;
}

/**
 * The parse step, one refusal at a time (the CLI prints one line): unknown permissions (400,
 * as `token create`), both scopes at once, a permission both added and removed, nothing asked.
 */
export function parseUpdateToken(request: UpdateTokenRequest): UpdateTokenInput {
  parsePermissions([...request.add, ...request.remove]);
  const add = parsePermissions(request.add);
  const remove = parsePermissions(request.remove);
  if (request.readOnly === true && request.readWrite === true) throw errors.invalid([messages.readOnlyAndReadWrite()]);
  const both = add.filter((permission) => remove.includes(permission));
  if (both.length > 0) throw errors.invalid([messages.addedAndRemoved(both)]);
  const readOnly = request.readOnly === true ? true : request.readWrite === true ? false : undefined;
  if (add.length === 0 && remove.length === 0 && readOnly === undefined) throw errors.invalid([messages.nothingToChange()]);
  return { nameOrId: request.nameOrId.trim(), add, remove, readOnly };
}
