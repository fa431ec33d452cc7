import type { Clock, Store } from './ports';
import { errors, messages } from './errors';
import { coerce } from './fields';
import { isPermission, permissions as allPermissions, type Permission, type Principal } from './permissions';
import type { ApiToken } from './records';

/** Token handling runs before there is a caller, so it takes the store and clock only. */
export interface TokenDeps {
  store: Store;
  clock: Clock;
}

// Web Crypto is a language global in every supported runtime; the domain imports no I/O module.
async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function parsePermissions(names: readonly string[]): Permission[] {
  const unknown = names.filter((n) => !isPermission(n));
  if (unknown.length > 0) throw errors.badRequest(`Unknown permission: ${unknown.join(', ')}`);
  return [...new Set(names as Permission[])].sort();
}

export function principalOf(token: ApiToken): Principal {
  const names = token.permissions.split(' ').filter(isPermission);
  return { tokenId: token.id, name: token.name, permissions: new Set(names) };
}

export interface IssuedToken {
  token: string;
  record: ApiToken;
}

/** Issues a token (random unless `value` is given) with exactly `permissions`. */
export async function issueToken(
  deps: TokenDeps,
  options: { name: string; permissions: readonly string[]; value?: string },
): Promise<IssuedToken> {
  const granted = parsePermissions(options.permissions);
  // The same rules as any name a request writes: required, at most 255 characters.
  const read = coerce('name', { type: 'string', required: true }, options.name.trim());
  if ('error' in read) throw errors.invalid([read.error]);
  const name = read.value as string;
  const token = options.value ?? randomToken();
  const tokenHash = await sha256Hex(token);
  const record = await deps.store.transaction(async (tx) => {
    const repo = tx.repo('api_token');
    // Names say who holds a token, so `token revoke NAME` must hit exactly that one; a revoked
    // name may be issued again.
    if (await repo.findOne({ name, revoked_at: null })) throw errors.invalid([messages.taken('name')]);
    return repo.insert({
      name,
      token_hash: tokenHash,
      permissions: granted.join(' '),
      created_at: deps.clock.now(),
      revoked_at: null,
    });
  });
  return { token, record };
}

/** Makes sure `value` is a live token with every permission (the bootstrap token). */
export async function ensureToken(deps: TokenDeps, value: string, name: string): Promise<ApiToken> {
  const hash = await sha256Hex(value);
  return deps.store.transaction(async (tx) => {
    const repo = tx.repo('api_token');
    const existing = await repo.findOne({ token_hash: hash });
    const every = [...allPermissions].sort().join(' ');
    if (!existing) {
      return repo.insert({ name, token_hash: hash, permissions: every, created_at: deps.clock.now(), revoked_at: null });
    }
    return (await repo.update(existing.id, { permissions: every, revoked_at: null })) ?? existing;
  });
}

export async function authenticate(deps: TokenDeps, value: string): Promise<Principal> {
  if (!value) throw errors.unauthorized();
  const hash = await sha256Hex(value);
  const record = await deps.store.transaction((tx) => tx.repo('api_token').findOne({ token_hash: hash }));
  if (!record || record.revoked_at) throw errors.unauthorized();
  return principalOf(record);
}

/** True when at least one token can call the API (the server says how to make one otherwise). */
export async function hasLiveToken(deps: TokenDeps): Promise<boolean> {
  return deps.store.transaction(async (tx) => (await tx.repo('api_token').findOne({ revoked_at: null })) !== null);
}

export async function listTokens(deps: TokenDeps): Promise<ApiToken[]> {
  return deps.store.transaction((tx) => tx.repo('api_token').find());
}

/** Revokes the live tokens named `name` (or with that id); returns how many. */
export async function revokeToken(deps: TokenDeps, nameOrId: string): Promise<number> {
  return deps.store.transaction(async (tx) => {
    const repo = tx.repo('api_token');
    const live = await repo.find({ revoked_at: null });
    const matching = live.filter((t) => t.name === nameOrId || String(t.id) === nameOrId);
    for (const token of matching) await repo.update(token.id, { revoked_at: deps.clock.now() });
    return matching.length;
  });
}
