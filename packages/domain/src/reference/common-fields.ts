/** Field specs several reference definitions share. */
export const text = { type: 'string' } as const;
export const requiredText = { type: 'string', required: true } as const;

/** The address of a contact, manufacturer or vendor. */
export const addressFields = {
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
} as const;
