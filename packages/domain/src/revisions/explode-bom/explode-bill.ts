import { addDecimal, multiplyDecimal } from '../../decimal';
import type { TreeItem } from '../../read-plan';
import type { Part, Subpart } from '../../records';
import type { BomLevels } from './bom-levels';
import { ConversionTable, unitCost, type Conversion, type PricingRules, type QuoteOffer, type UnitCost } from './unit-cost';

/** What the explode reads of a bill line. */
export const BOM_LINE_COLUMNS = [
  'id',
  'part_revision_id',
  'subpart_id',
  'subpart_part_revision_id',
  'quantity',
  'no_load',
  'designator',
  'position',
] as const;
export type BomLineRow = Pick<Subpart, (typeof BOM_LINE_COLUMNS)[number]>;

/** What the explode reads of a part a line uses. */
export const BOM_PART_COLUMNS = ['id', 'partnumber', 'unit_id', 'inventory_price'] as const;
export type BomPart = Pick<Part, (typeof BOM_PART_COLUMNS)[number]>;

/** Everything one explode reads: the bill's lines walked as a tree (one item per path), their parts, quotes and conversions. */
export interface BomData {
  readonly lines: ReadonlyArray<TreeItem<BomLineRow>>;
  readonly parts: readonly BomPart[];
  readonly quotes: readonly QuoteOffer[];
  readonly conversions: readonly Conversion[];
}

/** One line of the exploded bill: a bill line reached along one path from the revision. */
export interface ExplodedLine {
  /** The bill line (a line under a sub-assembly used twice is listed twice, with one id). */
  readonly id: number;
  /** 1 for the revision's own lines. */
  readonly depth: number;
  /** The part numbers from the revision's child down to this line's part. */
  readonly path: readonly string[];
  readonly subpart_id: number;
  readonly partnumber: string;
  readonly subpart_part_revision_id: number;
  /** Per one of the assembly holding the line. */
  readonly quantity: string;
  /** Per one of the revision exploded: the product of the quantities along the path. */
  readonly extended_quantity: string;
  /** The line, or a line above it, is no_load: it adds nothing to the cost. */
  readonly no_load: boolean;
  readonly designator: string | null;
  /** The child revision has lines of its own: it costs what they cost, nothing of its own. */
  readonly assembly: boolean;
  /** A leaf's cost per its part's unit; null on an assembly or an unpriced leaf. */
  readonly unit_cost: UnitCost | null;
  /** What the line adds to the total: unit cost × extended quantity; null unless a priced, loaded leaf. */
  readonly extended_cost: string | null;
}

/** The roll-up: the sum of the extended costs, in the site's currency, and the loaded leaves it lacks. */
export interface BomCost {
  readonly total: string;
  readonly currency: string;
  readonly leavesWithoutPrice: number;
}

export interface ExplodedBill {
  readonly lines: readonly ExplodedLine[];
  readonly cost: BomCost;
}

export interface ExplodeOptions extends PricingRules {
  readonly levels: BomLevels;
}

/** Siblings in bill order: by position, then by id. */
const billOrder = (a: TreeItem<BomLineRow>, b: TreeItem<BomLineRow>) => a.row.position - b.row.position || a.row.id - b.row.id;

/**
 * The bill explode reads, depth first, siblings in bill order, each line with its extended
 * quantity and, on leaves, its cost; and the roll-up of every loaded leaf, whatever `levels` lists.
 * A line below a no_load line is no_load too. A leaf is a line whose child revision has no lines;
 * its unit cost is `unitCost`'s. Nothing is rounded but converted prices (`unitCost`).
 */
export function explodeBill(data: BomData, options: ExplodeOptions): ExplodedBill {
  const below = new Map<string, Array<TreeItem<BomLineRow>>>();
  for (const item of data.lines) {
    const parent = item.path.slice(0, -1).join('/');
    const siblings = below.get(parent);
    if (siblings) siblings.push(item);
    else below.set(parent, [item]);
  }
  for (const siblings of below.values()) siblings.sort(billOrder);
  const withLines = new Set(data.lines.map((item) => item.row.part_revision_id));
  const parts = new Map(data.parts.map((part) => [part.id, part]));
  const conversions = new ConversionTable(data.conversions);
  const quotesOf = new Map<number, QuoteOffer[]>();
  for (const quote of data.quotes) {
    const offers = quotesOf.get(quote.part_id);
    if (offers) offers.push(quote);
    else quotesOf.set(quote.part_id, [quote]);
  }
  const costs = new Map<number, UnitCost | null>();
  const costOf = (part: BomPart) => {
    if (!costs.has(part.id)) costs.set(part.id, unitCost(part, quotesOf.get(part.id) ?? [], conversions, options));
    return costs.get(part.id) ?? null;
  };

  const lines: ExplodedLine[] = [];
  let total = '0.0';
  let leavesWithoutPrice = 0;
  const walk = (parentKey: string, path: readonly string[], quantity: string, noLoad: boolean) => {
    for (const item of below.get(parentKey) ?? []) {
      const { row } = item;
      const part = parts.get(row.subpart_id);
      if (!part) throw new Error(`bill line ${row.id} names part ${row.subpart_id}, which was not read with it`);
      const assembly = withLines.has(row.subpart_part_revision_id);
      const extendedQuantity = multiplyDecimal(quantity, row.quantity);
      const lineNoLoad = noLoad || row.no_load;
      const cost = assembly ? null : costOf(part);
      // Only a loaded leaf counts: an assembly's children carry its cost.
      const counted = !assembly && !lineNoLoad;
      const extendedCost = counted && cost ? multiplyDecimal(cost.cost, extendedQuantity) : null;
      if (extendedCost !== null) total = addDecimal(total, extendedCost);
      else if (counted) leavesWithoutPrice++;
      const linePath = [...path, part.partnumber];
      if (options.levels === 'all' || item.path.length <= options.levels) {
        lines.push({
          id: row.id,
          depth: item.path.length,
          path: linePath,
          subpart_id: row.subpart_id,
          partnumber: part.partnumber,
          subpart_part_revision_id: row.subpart_part_revision_id,
          quantity: row.quantity,
          extended_quantity: extendedQuantity,
          no_load: lineNoLoad,
          designator: row.designator,
          assembly,
          unit_cost: cost,
          extended_cost: extendedCost,
        });
      }
      walk(item.path.join('/'), linePath, extendedQuantity, lineNoLoad);
    }
  };
  walk('', [], '1', false);
  return { lines, cost: { total, currency: options.currency, leavesWithoutPrice } };
}
