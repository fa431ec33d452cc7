import { col, timestamps } from './column';
import { defineTable } from './define-table';

/** What an attachment may belong to, as its `parent_reference` path names it (`part/12`). */
export const attachmentParentTypes = ['part', 'part_revision', 'manufacturer', 'vendor', 'customer', 'contact'] as const;
export type AttachmentParentType = (typeof attachmentParentTypes)[number];

/**
 * A file kept for a record (SPEC 2.17). The bytes live behind the blob port under `blob_key`;
 * this row holds what the API shows and what a download needs.
 */
export const attachmentTable = defineTable({
  columns: {
    id: col.id,
    parent_type: col.required.string,
    parent_id: col.required.integer,
    /** The owner's path in the API (`part/12`, `parts/12/revisions/34`), as SPEC 2.17 shows it. */
    parent_reference: col.required.string,
    title: col.required.string,
    /** The file's own name, offered in Content-Disposition. */
    filename: col.required.string,
    created_by: col.string,
    note_type: col.string,
    content_type: col.required.string,
    position: col.required.integer,
    published_at: col.timestamp,
    md5: col.required.string,
    file_size: col.required.integer,
    blob_key: col.required.string,
    ...timestamps,
  },
  unique: [{ name: 'attachment_blob_key_unique', columns: ['blob_key'], field: 'blob_key' }],
  references: [],
  indexes: [{ name: 'attachment_parent_index', columns: ['parent_type', 'parent_id'] }],
  label: 'attachments',
});

/**
 * Secrets the site keeps in its store, by name (the key download links are signed with), so
 * every server process on one database uses the same one and it survives restarts.
 */
export const siteSecretTable = defineTable({
  columns: { id: col.id, name: col.required.string, value: col.required.string, created_at: col.required.timestamp },
  unique: [{ name: 'site_secret_name_unique', columns: ['name'], field: 'name' }],
  references: [],
  label: 'site secrets',
});
