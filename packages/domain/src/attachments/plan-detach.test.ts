import { describe, expect, it } from 'vitest';
import { eventPayload } from '../event-payload.test-helper';
import type { Attachment } from '../records';
import { planDetach } from './plan-detach';

describe('planDetach', () => {
  it('plans the delete of the one row, then its event naming the owner and never the bytes', () => {
    const at = new Date('2025-05-06T07:08:09Z');
    const attachment = { id: 12, parent_type: 'vendor', parent_id: 3, parent_reference: 'vendor/3', title: 'Notes', filename: 'n.txt', blob_key: 'k1', md5: 'm' } as Attachment;
    const { plan, removed } = planDetach(attachment, { token: 'pips cli', at });
    expect(plan.steps[0]).toEqual({ kind: 'delete', table: 'attachment', where: { id: 12 } });
    expect(plan.steps[0]).toBe(removed);
    expect(plan.steps[1]).toMatchObject({ table: 'event', values: { type: 'attachment.removed', collection: 'attachment', record_id: 12, token_name: 'pips cli' } });
    const payload = eventPayload(plan.steps[1]);
    expect(payload).toEqual({ parent_type: 'vendor', parent_id: 3, parent_reference: 'vendor/3', title: 'Notes', filename: 'n.txt' });
  });
});
