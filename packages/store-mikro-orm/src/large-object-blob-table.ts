import { EntitySchema } from '@mikro-orm/core';

/** Each large object the blob store keeps: when it was stored and how large it is. */
export const LARGE_OBJECT_BLOB_TABLE = 'large_object_blob';

/**
 * PostgreSQL keeps no time for a large object, and a sweep of unreferenced blobs must leave young
 * ones alone (another server process may be about to write the row naming one). So a put records
 * its object here in the same transaction that makes it, with the database's clock, and a delete
 * removes both; blobs are listed from here. It is not the domain's data: no domain table declares it.
 */
export const largeObjectBlobEntity = new EntitySchema<Record<string, unknown>>({
  name: LARGE_OBJECT_BLOB_TABLE,
  tableName: LARGE_OBJECT_BLOB_TABLE,
  properties: {
    /** The large object's oid, the blob's key. */
    oid: { type: 'bigint', primary: true, autoincrement: false },
    size: { type: 'bigint' },
    stored_at: { type: 'datetime', columnType: 'timestamptz' },
  },
});
