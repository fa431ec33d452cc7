import { col } from './column';
import { defineTable } from './define-table';

export const apiTokenTable = defineTable({
  columns: {
    id: col.id,
    name: col.required.string,
    /** SHA-256 of the token, hex; the token itself is shown once, when issued. */
    token_hash: col.required.string,
    /** Permission names, space separated, sorted. */
    permissions: col.required.string,
    /** A read-only token reads as its permissions allow and changes nothing. */
    read_only: col.required.boolean,
    created_at: col.required.timestamp,
    revoked_at: col.timestamp,
  },
  unique: [{ name: 'api_token_hash_unique', columns: ['token_hash'], field: 'token' }],
  references: [],
  label: 'API tokens',
});
