import { describe, expect, it } from 'vitest';
import type { TreeItem } from '../../read-plan';
import { explodeBill, type BomData, type BomLineRow, type BomPart, type ExplodeOptions } from './explode-bill';
import type { Conversion, QuoteOffer } from './unit-cost';

const now = new Date('2026-03-01T00:00:00Z');
const options: ExplodeOptions = { levels: 'all', currency: 'USD', now };
const [EACH, REEL] = [1, 2];

/** A bill under construction: parts (each with one revision, id = part id × 10) and their lines. */
class Bills {
  readonly parts: BomPart[] = [];
  readonly rows: BomLineRow[] = [];
  private lineId = 1000;

  part(id: number, partnumber: string, inventory_price: string | null = null): number {
    this.parts.push({ id, partnumber, unit_id: EACH, inventory_price });
    return id;
  }

  /** A line on `assembly`'s bill; `position` defaults to the next on that bill. */
  line(assembly: number, child: number, quantity: string, fields: Partial<BomLineRow> = {}): BomLineRow {
    const onBill = this.rows.filter((row) => row.part_revision_id === assembly * 10).length;
    const row: BomLineRow = {
      id: this.lineId++,
      part_revision_id: assembly * 10,
      subpart_id: child,
      subpart_part_revision_id: child * 10,
      quantity,
      no_load: false,
      designator: null,
      position: onBill + 1,
      ...fields,
    };
    this.rows.push(row);
    return row;
  }

  /** What a `tree` entry answers from `top`: one item per path, in path order (siblings by id). */
  tree(top: number): Array<TreeItem<BomLineRow>> {
    const items: Array<TreeItem<BomLineRow>> = [];
    const visit = (revision: number, path: number[]) => {
      for (const row of this.rows.filter((r) => r.part_revision_id === revision).sort((a, b) => a.id - b.id)) {
        if (path.includes(row.id)) continue;
        items.push({ row, path: [...path, row.id] });
        visit(row.subpart_part_revision_id, [...path, row.id]);
      }
    };
    visit(top * 10, []);
    return items;
  }

  data(top: number, quotes: QuoteOffer[] = [], conversions: Conversion[] = []): BomData {
    return { lines: this.tree(top), parts: this.parts, quotes, conversions };
  }
}

let quoteId = 1;
const quote = (part_id: number, price: string, fields: Partial<QuoteOffer> = {}): QuoteOffer => ({
  id: quoteId++,
  part_id,
  unit_id: null,
  unit_conversion_id: null,
  currency: 'USD',
  price,
  expires_on: null,
  ...fields,
});

/** The columns a test reads of each line, in order. */
const brief = (bill: ReturnType<typeof explodeBill>) =>
  bill.lines.map((line) => [line.depth, line.path.join('/'), line.extended_quantity, line.no_load, line.unit_cost?.cost ?? null, line.extended_cost]);

describe('explodeBill', () => {
  it('lists every line depth first, each with its path and the product of the quantities above it', () => {
    const b = new Bills();
    const [top, sub, board, res] = [b.part(1, 'TOP'), b.part(2, 'SUB', '9'), b.part(3, 'BRD'), b.part(4, 'RES', '0.01')];
    b.line(top, sub, '2');
    b.line(sub, board, '3');
    b.line(board, res, '0.5', { designator: 'R1-R4' });
    b.line(top, res, '7');
    const bill = explodeBill(b.data(top), options);
    expect(brief(bill)).toEqual([
      [1, 'SUB', '2.0', false, null, null],
      [2, 'SUB/BRD', '6.0', false, null, null],
      [3, 'SUB/BRD/RES', '3.0', false, '0.01', '0.03'],
      [1, 'RES', '7.0', false, '0.01', '0.07'],
    ]);
    expect(bill.lines.map((line) => [line.partnumber, line.subpart_id, line.subpart_part_revision_id, line.quantity, line.assembly])).toEqual([
      ['SUB', sub, sub * 10, '2', true],
      ['BRD', board, board * 10, '3', true],
      ['RES', res, res * 10, '0.5', false],
      ['RES', res, res * 10, '7', false],
    ]);
    expect(bill.lines[2]?.designator).toBe('R1-R4');
    // An assembly costs nothing of its own, even with an inventory price: its children carry it.
    expect(bill.cost).toEqual({ total: '0.1', currency: 'USD', leavesWithoutPrice: 0 });
  });

  it('lists a sub-assembly used twice once per use, each time with its whole subtree', () => {
    const b = new Bills();
    const [top, sub, res, cap] = [b.part(1, 'TOP'), b.part(2, 'SUB'), b.part(3, 'RES', '0.1'), b.part(4, 'CAP', '0.25')];
    const first = b.line(top, sub, '2', { designator: 'A1' });
    const second = b.line(top, sub, '3', { designator: 'A2' });
    const resLine = b.line(sub, res, '4');
    b.line(sub, cap, '1');
    const bill = explodeBill(b.data(top), options);
    expect(brief(bill)).toEqual([
      [1, 'SUB', '2.0', false, null, null],
      [2, 'SUB/RES', '8.0', false, '0.1', '0.8'],
      [2, 'SUB/CAP', '2.0', false, '0.25', '0.5'],
      [1, 'SUB', '3.0', false, null, null],
      [2, 'SUB/RES', '12.0', false, '0.1', '1.2'],
      [2, 'SUB/CAP', '3.0', false, '0.25', '0.75'],
    ]);
    expect(bill.lines.map((line) => line.id)).toEqual([first.id, resLine.id, resLine.id + 1, second.id, resLine.id, resLine.id + 1]);
    expect(bill.cost.total).toBe('3.25');
  });

  it('marks a no_load line and everything below it, and leaves them out of the total and the unpriced count', () => {
    const b = new Bills();
    const [top, sub, res, led, unpriced] = [b.part(1, 'TOP'), b.part(2, 'SUB'), b.part(3, 'RES', '0.5'), b.part(4, 'LED', '2'), b.part(5, 'NOPRICE')];
    b.line(top, sub, '1', { no_load: true });
    b.line(sub, res, '10');
    b.line(sub, unpriced, '1');
    b.line(top, led, '3', { no_load: true });
    b.line(top, res, '2');
    const bill = explodeBill(b.data(top), options);
    expect(brief(bill)).toEqual([
      [1, 'SUB', '1.0', true, null, null],
      [2, 'SUB/RES', '10.0', true, '0.5', null],
      [2, 'SUB/NOPRICE', '1.0', true, null, null],
      [1, 'LED', '3.0', true, '2', null],
      [1, 'RES', '2.0', false, '0.5', '1.0'],
    ]);
    expect(bill.cost).toEqual({ total: '1.0', currency: 'USD', leavesWithoutPrice: 0 });
  });

  it('prices a leaf by its inventory price, else its cheapest current quote in the site currency, converted to its unit', () => {
    const b = new Bills();
    const [top, res, cap, ic, conn] = [b.part(1, 'TOP'), b.part(2, 'RES', '0.02'), b.part(3, 'CAP'), b.part(4, 'IC'), b.part(5, 'CONN')];
    for (const child of [res, cap, ic, conn]) b.line(top, child, '10');
    const reel = quote(cap, '40', { unit_id: REEL, unit_conversion_id: 7 }); // a reel of 5000: 0.008 each
    const quotes = [
      quote(res, '0.001'), // RES has an inventory price: quotes are not read
      quote(cap, '0.01'),
      reel,
      quote(cap, '0.001', { currency: 'EUR' }),
      quote(cap, '0.001', { expires_on: new Date('2026-02-28T00:00:00Z') }),
      quote(ic, '1.5', { expires_on: new Date('2026-12-31T00:00:00Z') }),
      quote(conn, '0.001', { unit_id: REEL }), // names no conversion: the one from reels to each is found by its units
    ];
    const conversions = [{ id: 7, from_unit_id: REEL, to_unit_id: EACH, factor: '5000' }];
    const bill = explodeBill(b.data(top, quotes, conversions), options);
    expect(bill.lines.map((line) => [line.partnumber, line.unit_cost, line.extended_cost])).toEqual([
      ['RES', { cost: '0.02', source: 'inventory_price', quoteId: null }, '0.2'],
      ['CAP', { cost: '0.008', source: 'quote', quoteId: reel.id }, '0.08'],
      ['IC', { cost: '1.5', source: 'quote', quoteId: quotes[5]!.id }, '15.0'],
      ['CONN', { cost: '0.0000002', source: 'quote', quoteId: quotes[6]!.id }, '0.000002'],
    ]);
    expect(bill.cost).toEqual({ total: '15.280002', currency: 'USD', leavesWithoutPrice: 0 });
  });

  it('counts the loaded leaves without a price, once per line, and totals the rest', () => {
    const b = new Bills();
    const [top, sub, res, bare] = [b.part(1, 'TOP'), b.part(2, 'SUB'), b.part(3, 'RES', '1'), b.part(4, 'BARE')];
    b.line(top, sub, '2');
    b.line(top, sub, '1');
    b.line(sub, bare, '1');
    b.line(sub, res, '1');
    const foreign = quote(bare, '0.5', { currency: 'EUR' });
    const stranded = quote(bare, '0.5', { unit_id: REEL });
    const bill = explodeBill(b.data(top, [foreign, stranded]), options);
    expect(bill.lines.filter((line) => line.partnumber === 'BARE').map((line) => [line.unit_cost, line.extended_cost])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(bill.cost).toEqual({ total: '3.0', currency: 'USD', leavesWithoutPrice: 2 });
    // The same quotes count on a site whose currency is theirs.
    expect(explodeBill(b.data(top, [foreign, stranded]), { ...options, currency: 'EUR' }).cost).toEqual({
      total: '4.5',
      currency: 'EUR',
      leavesWithoutPrice: 0,
    });
  });

  it('lists siblings in bill order (position, then id), whatever order the walk answered them in', () => {
    const b = new Bills();
    const [top, a, c, d] = [b.part(1, 'TOP'), b.part(2, 'A', '1'), b.part(3, 'C', '1'), b.part(4, 'D', '1')];
    b.line(top, a, '1', { position: 3 });
    b.line(top, c, '1', { position: 1 });
    b.line(top, d, '1', { position: 1 });
    expect(explodeBill(b.data(top), options).lines.map((line) => line.partnumber)).toEqual(['C', 'D', 'A']);
  });

  it('lists the first `levels` levels only, and still rolls up the whole bill', () => {
    const b = new Bills();
    const [top, sub, board, res] = [b.part(1, 'TOP'), b.part(2, 'SUB'), b.part(3, 'BRD'), b.part(4, 'RES', '0.5')];
    b.line(top, sub, '2');
    b.line(sub, board, '2');
    b.line(board, res, '2');
    b.line(top, res, '1');
    const all = explodeBill(b.data(top), options);
    const one = explodeBill(b.data(top), { ...options, levels: 1 });
    const two = explodeBill(b.data(top), { ...options, levels: 2 });
    expect(one.lines.map((line) => line.path.join('/'))).toEqual(['SUB', 'RES']);
    expect(two.lines.map((line) => line.path.join('/'))).toEqual(['SUB', 'SUB/BRD', 'RES']);
    expect(explodeBill(b.data(top), { ...options, levels: 3 }).lines).toEqual(all.lines);
    expect([one.cost, two.cost]).toEqual([all.cost, all.cost]);
    expect(all.cost.total).toBe('4.5');
  });

  it('keeps quantities and costs exact: no float, no rounding', () => {
    const b = new Bills();
    const [top, sub, res] = [b.part(1, 'TOP'), b.part(2, 'SUB'), b.part(3, 'RES', '0.0000000001')];
    b.line(top, sub, '0.1');
    b.line(sub, res, '0.2');
    b.line(top, res, '12345678901234567890');
    const bill = explodeBill(b.data(top), options);
    expect(bill.lines.map((line) => [line.extended_quantity, line.extended_cost])).toEqual([
      ['0.1', null],
      ['0.02', '0.000000000002'],
      ['12345678901234567890.0', '1234567890.123456789'],
    ]);
    expect(bill.cost.total).toBe('1234567890.123456789002');
  });

  it('answers no lines and a zero total for an empty bill', () => {
    const b = new Bills();
    const top = b.part(1, 'TOP');
    expect(explodeBill(b.data(top), options)).toEqual({ lines: [], cost: { total: '0.0', currency: 'USD', leavesWithoutPrice: 0 } });
  });
});
