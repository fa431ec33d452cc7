import { describe, expect, it } from 'vitest';
import { planSplit } from './split-rules';

const unit = (quantity: string, fields: { asset_id?: string | null; serial_number?: string | null } = {}) => ({
  quantity,
  asset_id: null,
  serial_number: null,
  ...fields,
});
const noAsset = { assetId: null, generate: false };

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('planSplit', () => {
  it.each([
    ['0', 'Quantity must be a positive number.'],
    ['-1', 'Quantity must be a positive number.'],
    ['10.5', "Quantity can't be greater than the quantity available."],
    ['10', 'Quantity must be less than the quantity available.'],
    ['10.0000', 'Quantity must be less than the quantity available.'],
  ])('refuses %s of 10 with SPEC 7 words (422)', (quantity, message) => {
    expect(refusal(() => planSplit(unit('10.0'), quantity, noAsset))).toMatchObject({ code: 'unprocessable', messages: [message] });
  });

  it('checks the quantity before the asset id, and asks an asset-tracked unit for a new one', () => {
    expect(refusal(() => planSplit(unit('10.0', { asset_id: 'A0000001' }), '0', noAsset))).toMatchObject({
      messages: ['Quantity must be a positive number.'],
    });
    expect(refusal(() => planSplit(unit('10.0', { asset_id: 'A0000001' }), '3', noAsset))).toMatchObject({
      code: 'unprocessable',
      messages: ['A new Asset ID is required.'],
    });
    expect(planSplit(unit('10.0', { asset_id: 'A0000001' }), '3', { assetId: 'X-9', generate: false })).toEqual({ kind: 'given', assetId: 'X-9' });
    expect(planSplit(unit('10.0', { asset_id: 'A0000001' }), '3', { assetId: null, generate: true })).toEqual({ kind: 'generate' });
    expect(planSplit(unit('10.0'), '3', noAsset)).toEqual({ kind: 'none' });
    expect(planSplit(unit('10.0'), '0.001', { assetId: 'X-1', generate: true })).toEqual({ kind: 'given', assetId: 'X-1' });
  });

  it('never splits a unit with a serial number', () => {
    expect(refusal(() => planSplit(unit('1.0', { serial_number: 'SN1' }), '0.5', noAsset))).toMatchObject({
      code: 'unprocessable',
      messages: ['A unit with a serial number cannot be split'],
    });
  });
});
