import { parseCreate, problems } from '../parse-input';
import type { Permission } from '../permissions';
import { parsePermissions } from './token-permissions';

/** What `token create` asks for. */
export interface IssueTokenRequest {
  name: string;
  permissions: readonly string[];
  /** A read-only token: reads as its permissions allow, every change refused. Default false. */
  readOnly?: boolean;
  /** The token itself; random when not given. */
  value?: string;
}

export interface IssueTokenInput {
  name: string;
  permissions: Permission[];
  readOnly: boolean;
  value: string | undefined;
}

// The same rules as any name a request writes: required, at most 255 characters.
const nameFields = { name: { type: 'string', required: true } } as const;

/** The parse step: unknown permissions are 400 first, then the name is read trimmed (400). */
export function parseIssueToken(request: IssueTokenRequest): IssueTokenInput {
  const permissions = parsePermissions(request.permissions);
  const found = problems();
  const { name } = parseCreate(nameFields, { name: request.name.trim() }, found);
  found.check();
  return { name, permissions, readOnly: request.readOnly === true, value: request.value };
}
