import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../test';
import { createPart } from '../part-writes';
import { parseCreatePart } from '../../parts/create-part/create-part-input';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import { showPart } from './show-part';

describe('showPart', () => {
  it('shows the active revision, or the one of its own revision_id names', async () => {
    const ctx = fakeContext();
    const view = await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx), { partnumber: 'PN-1' })));
    const revisionId = view.revision.revision.id;
    expect((await showPart(ctx, { partnumber: 'PN-1' })).revision.revision.id).toBe(revisionId);
    expect((await showPart(ctx, { id: view.part.id }, String(revisionId))).part.id).toBe(view.part.id);
    expect((await showPart(ctx, { id: view.part.id }, '')).revision.revision.id).toBe(revisionId);
  });

  it("answers 404 for another part's revision, or a revision_id that is no id", async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const one = await createPart(ctx, parseCreatePart(partBody(setting)));
    const two = await createPart(ctx, parseCreatePart(partBody(setting)));
    const other = two.revision.revision.id;
    await expect(showPart(ctx, { id: one.part.id }, String(other))).rejects.toMatchObject({
      code: 'not_found',
      messages: [`Couldn't find PartRevision with 'id'=${other}`],
    });
    await expect(showPart(ctx, { id: one.part.id }, 'A')).rejects.toMatchObject({ code: 'not_found' });
  });
});
