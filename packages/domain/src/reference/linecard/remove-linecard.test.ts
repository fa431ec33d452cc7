import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../test';
import { removeLinecard } from './remove-linecard';

describe('removeLinecard', () => {
  it('answers 404 for a pair that is not linked, naming it', async () => {
    const ctx = fakeContext();
    await expect(removeLinecard(ctx, { manufacturer_id: 1, vendor_id: 2 })).rejects.toMatchObject({
      code: 'not_found',
      messages: ["Couldn't find Linecard with 'id'=1/2"],
    });
  });
});
