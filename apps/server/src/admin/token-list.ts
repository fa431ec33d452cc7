import { listTokens, type ApiToken } from '@pips/domain';
import type { AdminOperation } from './admin-operation';
import { oneLine } from './failure-text';

/** A name as a cell: a tab or a line break in it would shift the columns or start a row. */
const cell = (text: string) => oneLine(text).replace(/\t/g, '\\t');

/** `token list` columns; the hash is never shown. The scope came last, so scripts reading the others by position still work. */
function tokenTable(tokens: readonly ApiToken[]): string {
  const rows = tokens.map((t) => [
    String(t.id),
    cell(t.name),
    t.permissions || '-',
    t.created_at.toISOString(),
    t.revoked_at ? t.revoked_at.toISOString() : '-',
    t.read_only ? 'read-only' : 'read-write',
  ]);
  return [['id', 'name', 'permissions', 'created', 'revoked', 'scope'], ...rows].map((r) => r.join('\t')).join('\n');
}

/** `pips token list`: every token, live and revoked, tab-separated. */
export const tokenListOperation: AdminOperation = {
  name: 'token-list',
  async run({ ctx }) {
    return { out: `${tokenTable(await listTokens(ctx))}\n` };
  },
};
