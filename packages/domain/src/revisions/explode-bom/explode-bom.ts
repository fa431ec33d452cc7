import type { Context } from '../../context';
import { errors, messages } from '../../errors';
import { many, one, reach, ref, type TreeItem } from '../../read-plan';
import type { Part, PartRevision } from '../../records';
import { MAX_BILL_DEPTH, MAX_BOM_LINES } from './bom-bounds';
import type { BomLevels } from './bom-levels';
import { expandBill } from './expand-bill';
import { BOM_LINE_COLUMNS, BOM_PART_COLUMNS, explodeBill, type BomCost, type ExplodedLine } from './explode-bill';
import { CONVERSION_COLUMNS, QUOTE_OFFER_COLUMNS } from './unit-cost';

/** An exploded bill: the revision it explodes, the lines `levels` asks for, and the roll-up of the whole bill. */
export interface BomView {
  readonly part: Pick<Part, 'id' | 'partnumber'>;
  readonly revision: Pick<PartRevision, 'id' | 'revision_name'>;
  readonly levels: BomLevels;
  readonly lines: readonly ExplodedLine[];
  readonly cost: BomCost;
}

/**
 * Everything an explode reads, as one plan: the revision (one of the part's), every distinct line
 * below it (a `reach`: each once, however many paths use it, so the statement's cost is linear in
 * the bill's lines), the parts the lines use, the site-currency quotes of those without an
 * inventory price, and the conversions between those quotes' units and the parts'.
 */
export function bomPlan(partId: number, revisionId: number, currency: string) {
  const conversions = { columns: CONVERSION_COLUMNS };
  return {
    part: one('part', { id: partId }),
    revision: one('part_revision', { id: revisionId, part_id: ref('part', 'id') }),
    lines: reach('subpart', { part_revision_id: ref('revision', 'id') }, { parent: 'part_revision_id', child: 'subpart_part_revision_id', columns: BOM_LINE_COLUMNS }),
    parts: many('part', { id: ref('lines', 'subpart_id') }, { columns: BOM_PART_COLUMNS }),
    unpriced: many('part', { id: ref('lines', 'subpart_id'), inventory_price: null }, { columns: ['id', 'unit_id'] }),
    quotes: many('quote', { part_id: ref('unpriced', 'id'), currency }, { columns: QUOTE_OFFER_COLUMNS }),
    namedConversions: many('unit_conversion', { id: ref('quotes', 'unit_conversion_id') }, conversions),
    toPartUnits: many('unit_conversion', { from_unit_id: ref('quotes', 'unit_id'), to_unit_id: ref('unpriced', 'unit_id') }, conversions),
    fromPartUnits: many('unit_conversion', { from_unit_id: ref('unpriced', 'unit_id'), to_unit_id: ref('quotes', 'unit_id') }, conversions),
  };
}

/** Refuses (422) a bill that nests deeper than `maxDepth` or has more than `maxLines` lines: its totals would be wrong. */
export function refuseOverflow(lines: ReadonlyArray<TreeItem<unknown>>, maxDepth: number, maxLines: number): void {
  if (lines.length > maxLines) throw errors.unprocessable([messages.bomTooManyLines(maxLines)]);
  if (lines.some((item) => item.path.length > maxDepth)) throw errors.unprocessable([messages.bomTooDeep(maxDepth)]);
}

/**
 * The bill of revision `revisionId` of part `partId` exploded to every level (or the first
 * `levels`), with its cost rolled up in the site's currency (an extension beyond the interface).
 * A valid token is enough; one statement however deep the bill. `levels` is the query's, parsed
 * by `parseLevels`.
 */
export async function explodeBom(ctx: Context, partId: number, revisionId: number, levels: BomLevels = 'all'): Promise<BomView> {
  const loaded = await ctx.store.read((tx) => tx.load(bomPlan(partId, revisionId, ctx.site.currency)));
  if (!loaded.part) throw errors.notFound('Part', partId);
  if (!loaded.revision) throw errors.notFound('PartRevision', revisionId);
  // One level past the deepest a bill may nest and one line past the most answered, so a bill that
  // overflows either is seen (and refused), not cut.
  const paths = expandBill(loaded.revision.id, loaded.lines, { maxDepth: MAX_BILL_DEPTH + 1, limit: MAX_BOM_LINES + 1 });
  refuseOverflow(paths, MAX_BILL_DEPTH, MAX_BOM_LINES);
  const conversions = [...loaded.namedConversions, ...loaded.toPartUnits, ...loaded.fromPartUnits];
  const { lines, cost } = explodeBill(
    { lines: paths, parts: loaded.parts, quotes: loaded.quotes, conversions },
    { levels, currency: ctx.site.currency, now: ctx.clock.now() },
  );
  return {
    part: { id: loaded.part.id, partnumber: loaded.part.partnumber },
    revision: { id: loaded.revision.id, revision_name: loaded.revision.revision_name },
    levels,
    lines,
    cost,
  };
}
