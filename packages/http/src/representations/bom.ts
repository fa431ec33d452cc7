import type { BomCost, BomView, ExplodedLine } from '@pips/domain';
import { array, form, nested, text, verbatim } from '@pips/xml/forms';
import { bool, decimal, int, wire } from './values';

/**
 * A line of an exploded bill: the bill line, where it sits (depth and the part numbers down to
 * it, joined by `/`), its quantities, and on a leaf what it costs and where that price came from.
 */
export const bomLineForm = form<ExplodedLine>([
  verbatim('id', (line) => int(line.id), wire.int),
  verbatim('depth', (line) => int(line.depth), wire.int),
  text('path', (line) => line.path.join('/')),
  verbatim('subpart_id', (line) => int(line.subpart_id), wire.int),
  text('partnumber', (line) => line.partnumber),
  verbatim('subpart_part_revision_id', (line) => int(line.subpart_part_revision_id), wire.int),
  verbatim('quantity', (line) => decimal(line.quantity), wire.decimal),
  verbatim('extended_quantity', (line) => decimal(line.extended_quantity), wire.decimal),
  verbatim('no_load', (line) => bool(line.no_load), wire.bool),
  text('designator', (line) => line.designator),
  verbatim('assembly', (line) => bool(line.assembly), wire.bool),
  verbatim('unit_cost', (line) => decimal(line.unit_cost?.cost), wire.decimal),
  text('unit_cost_source', (line) => line.unit_cost?.source),
  verbatim('quote_id', (line) => int(line.unit_cost?.quoteId), wire.int),
  verbatim('extended_cost', (line) => decimal(line.extended_cost), wire.decimal),
]);

/** The roll-up: the total of the loaded leaves' extended costs, its currency, and the loaded leaves without a price. */
export const bomCostForm = form<BomCost>([
  verbatim('total', (cost) => decimal(cost.total), wire.decimal),
  text('currency', (cost) => cost.currency),
  verbatim('leaves_without_price', (cost) => int(cost.leavesWithoutPrice), wire.int),
]);

/** `levels` is `all` or the number of levels listed. */
const levelsSchema = { type: 'string', pattern: '^(all|[0-9]+)$', description: '`all`, or how many levels are listed.' };

/** An exploded bill (an extension): the revision, the levels listed, the lines depth first, then the roll-up. */
export const bomForm = form<BomView>([
  verbatim('part_id', (bom) => int(bom.part.id), wire.int),
  verbatim('part_revision_id', (bom) => int(bom.revision.id), wire.int),
  text('partnumber', (bom) => bom.part.partnumber),
  text('revision_name', (bom) => bom.revision.revision_name),
  verbatim('levels', (bom) => (bom.levels === 'all' ? 'all' : int(bom.levels)), levelsSchema),
  array('lines', 'line', bomLineForm, (bom) => bom.lines),
  nested('cost', bomCostForm, (bom) => bom.cost),
]);
