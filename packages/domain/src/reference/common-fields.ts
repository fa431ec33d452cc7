import type { FieldSpecs } from '../fields';

export const text = { type: 'string' } as const;
export const requiredText = { type: 'string', required: true } as const;

export const addressFields: FieldSpecs = {
  address1: text,
  address2: text,
  address3: text,
  city: text,
  state: text,
  postcode: text,
  country: text,
  phone1: text,
  phone2: text,
  phone3: text,
};
