import { bool, decimal, int, list, nullableDecimal, nullableInt, nullableText, record, text, DecodeError, type Decoder } from '../codec/decoders';
import type { Bom, BomLine } from '../types/revisions';

const bomLine = record<BomLine>({
  id: int,
  depth: int,
  path: text,
  subpart_id: int,
  partnumber: text,
  subpart_part_revision_id: int,
  quantity: decimal,
  extended_quantity: decimal,
  no_load: bool,
  designator: nullableText,
  assembly: bool,
  unit_cost: nullableDecimal,
  unit_cost_source: nullableText,
  quote_id: nullableInt,
  extended_cost: nullableDecimal,
});

/** `all`, or how many levels were listed. */
const levels: Decoder<number | 'all'> = (value, at) => {
  if (value === 'all') return 'all';
  if (typeof value !== 'string') throw new DecodeError(at, 'a number of levels or all', value);
  return int(value, at);
};

export const bom = record<Bom>({
  part_id: int,
  part_revision_id: int,
  partnumber: text,
  revision_name: text,
  levels,
  lines: list(bomLine),
  cost: record({ total: decimal, currency: text, leaves_without_price: int }),
});
