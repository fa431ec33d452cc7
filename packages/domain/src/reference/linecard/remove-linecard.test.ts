import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../test';
import { removeLinecard } from './remove-linecard';

describe('removeLinecard', () => {
  it('refuses a malformed pair before it opens a transaction', async () => {
    const ctx = fakeContext();
    await expect(removeLinecard(ctx, { manufacturer_id: '', vendor_id: 'x' })).rejects.toMatchObject({
      code: 'invalid',
      messages: ["Manufacturer can't be blank", 'Vendor must be an integer'],
    });
    expect(ctx.store.transactions).toBe(0);
  });
});
