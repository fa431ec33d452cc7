import { describe, expect, it } from 'vitest';
import type { PartRevision } from '../../records';
import { requireDraft } from './bill-rules';

const revision = (status: string) => ({ revision_name: 'B', status }) as PartRevision;

describe('requireDraft', () => {
  it('lets a draft through and refuses any other status with 422', () => {
    expect(() => requireDraft(revision('Draft'))).not.toThrow();
    for (const status of ['Active', 'Obsolete']) {
      expect(() => requireDraft(revision(status))).toThrow(
        expect.objectContaining({ code: 'unprocessable', messages: [`Subparts can be changed only on a draft revision: revision B is ${status}`] }),
      );
    }
  });
});
