import { describe, expect, it } from 'vitest';
import { parseAttach } from './attach-input';
import { planAttach } from './plan-attach';

const now = new Date('2026-03-01T10:00:00Z');
const blob = { key: 'blob-1', size: 8, md5: 'abc' };
const input = parseAttach({ parent: 'parts/3/revisions/7', title: 'Datasheet', filename: 'ds.pdf', contentType: 'application/pdf', noteType: 'drawing' });

describe('planAttach', () => {
  it("plans one insert: the owner's path, the blob's key, size and md5, published now", () => {
    const { plan, attachment } = planAttach(input, blob, { reference: 'parts/3/revisions/7', lastPosition: null, createdBy: 'ci', now });
    expect(plan.steps).toEqual([
      {
        kind: 'insert',
        table: 'attachment',
        values: {
          parent_type: 'part_revision',
          parent_id: 7,
          parent_reference: 'parts/3/revisions/7',
          title: 'Datasheet',
          filename: 'ds.pdf',
          created_by: 'ci',
          note_type: 'drawing',
          content_type: 'application/pdf',
          position: 1,
          published_at: now,
          md5: 'abc',
          file_size: 8,
          blob_key: 'blob-1',
          created_at: now,
          updated_at: now,
        },
        // Named, so the attach's event can name the attachment's id in its path.
        name: 'attachment',
      },
    ]);
    expect(plan.steps[0]).toBe(attachment);
  });

  it("takes the position after the owner's last", () => {
    expect(planAttach(input, blob, { reference: 'r', lastPosition: 4, createdBy: 'ci', now }).attachment.values.position).toBe(5);
  });
});
