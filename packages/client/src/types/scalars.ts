/**
 * Scalars as the wire writes them. Decimals stay exact strings (`'0.0125'`, `'5000.0'`): no
 * quantity or price ever passes through a binary float. Timestamps are the text the server
 * wrote, in its `SITE_TIMEZONE`: ISO 8601 with an offset (`2013-11-14T10:34:00+00:00`) or the
 * spaced form (`2016-01-24 20:11:47 -0800`), as each field's representation has it.
 */
export type Decimal = string;
/** TS-ISO: `YYYY-MM-DDTHH:MM:SS+HH:MM`. */
export type IsoTimestamp = string;
/** TS-SPACE: `YYYY-MM-DD HH:MM:SS +HHMM`. */
export type SpaceTimestamp = string;

/** A related record shown by its id alone (`<contacts type="array"><contact><id>1</id>…`). */
export interface IdOnly {
  readonly id: number;
}

/** A revision's custom attributes (`x_package`, `x_mass`, …), beside its own fields, as on the wire. */
export type CustomAttributes = { readonly [name: `x_${string}`]: string | null };

/**
 * What was written for each numeric custom attribute (`x_mass`, `x_power`), by name: the server
 * shows the number it stands for as the attribute's text and this as its `value_text` attribute
 * (`<x_mass value_text="10 g">10.0</x_mass>`: `x_mass: '10.0'`, `value_texts.x_mass: '10 g'`).
 */
export type ValueTexts = { readonly [name: `x_${string}`]: string };
