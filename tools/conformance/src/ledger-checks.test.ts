import { describe, expect, it } from 'vitest';
import type { Reply } from './client';
import type { LedgerRecord, UnitLedger } from './inventory-ledger';
import type { Change, Outcome } from './inventory-race';
import { raceProblems, tally, type RaceRun } from './ledger-checks';
import { toScaled } from './scaled-decimal';

// The checks of the inventory race, on a run small enough to write out: each tampering a store
// could commit (a lost update, an invented record, a split that makes quantity) must be named.

const XML = { 'content-type': 'application/xml; charset=utf-8' };
const reply = (status: number, xml: Reply['xml'], text = '<?xml version="1.0" encoding="UTF-8"?><x/>'): Reply => ({
  status,
  headers: new Headers(XML),
  text,
  xml,
  parseError: null,
});
const refusal = (status: number, message: string) => reply(status, { errors: [message] });
const outcome = (change: Omit<Change, 'server' | 'malformed'> & { malformed?: boolean }, answer: Reply, newUnitId?: number): Outcome => ({
  change: { server: 0, malformed: false, ...change },
  status: answer.status,
  reply: answer,
  ...(newUnitId === undefined ? {} : { newUnitId }),
});

let nextRecord = 1;
const record = (unitId: number, type: string, before: string, after: string, comment: string, more: Partial<LedgerRecord> = {}): LedgerRecord => ({
  id: nextRecord++,
  unitId,
  type,
  before: toScaled(before),
  after: toScaled(after),
  from: null,
  to: null,
  related: null,
  comment,
  ...more,
});

/** Unit 1 made with 10, adjusted to 12, 2.5 split off to unit 2, which moves; a consume refused, a malformed adjust refused. */
function goodRun(): RaceRun {
  const unit1: UnitLedger = {
    id: 1,
    quantity: toScaled('9.5'),
    records: [
      record(1, 'create', '0', '10', 'create-0', { to: 11 }),
      record(1, 'adjust', '10', '12', 'race-0'),
      record(1, 'split', '12', '9.5', 'race-1', { related: 2 }),
    ],
  };
  const unit2: UnitLedger = {
    id: 2,
    quantity: toScaled('2.5'),
    records: [
      record(2, 'split', '0', '2.5', 'race-1', { related: 1, to: 12 }),
      record(2, 'move', '2.5', '2.5', 'race-3', { from: 12, to: 11 }),
    ],
  };
  return {
    stock: { partId: 7, sublocationIds: [11, 12], units: [{ id: 1, quantity: '10' }] },
    outcomes: [
      outcome({ n: 0, kind: 'adjust', unitId: 1, quantity: '12' }, reply(200, {})),
      outcome({ n: 1, kind: 'split', unitId: 1, quantity: '2.5', sublocationId: 12 }, reply(200, {}), 2),
      outcome({ n: 2, kind: 'consume', unitId: 2, quantity: '3' }, refusal(422, 'A consumption cannot raise the quantity')),
      outcome({ n: 3, kind: 'move', unitId: 2, sublocationId: 11 }, reply(200, {})),
      outcome({ n: 4, kind: 'adjust', unitId: 2, quantity: '-5', malformed: true }, refusal(400, 'Quantity must be greater than or equal to 0')),
    ],
    ledger: { units: [unit1, unit2], listed: [toScaled('9.5'), toScaled('2.5')] },
  };
}

/** `run` with unit `id` changed by `change`, and the listing following the shown quantities. */
function withUnit(run: RaceRun, id: number, change: (unit: UnitLedger) => UnitLedger): RaceRun {
  const units = run.ledger.units.map((unit) => (unit.id === id ? change(unit) : unit));
  return { ...run, ledger: { units, listed: units.map((unit) => unit.quantity) } };
}

describe('the inventory race checks', () => {
  it('find nothing wrong with a run that accounts for everything', () => {
    expect(raceProblems(goodRun())).toEqual([]);
    expect(tally(goodRun().outcomes)).toBe('adjust 200=1 400=1 · consume 422=1 · move 200=1 · split 200=1');
  });

  it('name a lost update: a change whose record starts where no record left off', () => {
    const run = withUnit(goodRun(), 1, (unit) => ({
      ...unit,
      quantity: toScaled('7.5'),
      records: unit.records.map((r) => (r.type === 'split' ? { ...r, before: toScaled('10'), after: toScaled('7.5') } : r)),
    }));
    expect(raceProblems(run)).toEqual(
      expect.arrayContaining([expect.stringContaining('(a lost update)'), expect.stringContaining('the family of unit 1')]),
    );
  });

  it('name a quantity its records do not explain, and a listing that disagrees with the shows', () => {
    const run = withUnit(goodRun(), 2, (unit) => ({ ...unit, quantity: toScaled('3') }));
    expect(raceProblems(run)).toEqual(expect.arrayContaining([expect.stringContaining('unit 2 holds 3.0; its records add up to 2.5')]));
    const listing = { ...goodRun(), ledger: { ...goodRun().ledger, listed: [toScaled('9.5')] } };
    expect(raceProblems(listing)).toEqual([expect.stringContaining("the part's listing holds [9.5]")]);
  });

  it('name a record written by a refused change, and a successful change without its record', () => {
    const invented = withUnit(goodRun(), 2, (unit) => ({
      ...unit,
      quantity: toScaled('3'),
      records: [...unit.records, record(2, 'consume', '2.5', '3', 'race-2')],
    }));
    expect(raceProblems(invented)).toEqual(expect.arrayContaining([expect.stringContaining('race-2 (consume of unit 2) was refused (422) but wrote records')]));
    const lost = withUnit(goodRun(), 2, (unit) => ({ ...unit, records: unit.records.filter((r) => r.type !== 'move') }));
    expect(raceProblems(lost)).toEqual(
      expect.arrayContaining([expect.stringContaining('race-3 (move of unit 2): expected 1 records, found none'), expect.stringContaining('records by type')]),
    );
  });

  it('name a split that makes quantity, and units no answer made', () => {
    const grown = withUnit(goodRun(), 2, (unit) => ({
      ...unit,
      quantity: toScaled('3'),
      records: unit.records.map((r) => ({ ...r, after: toScaled('3'), before: r.type === 'move' ? toScaled('3') : r.before })),
    }));
    expect(raceProblems(grown)).toEqual(expect.arrayContaining([expect.stringContaining('the family of unit 1 (1, 2) holds 12.5; created and adjusted, 12.0')]));
    const stray: UnitLedger = { id: 3, quantity: toScaled('1'), records: [record(3, 'split', '0', '1', 'race-9', { related: 1 })] };
    const extra = { ...goodRun(), ledger: { units: [...goodRun().ledger.units, stray], listed: [...goodRun().ledger.listed, stray.quantity] } };
    expect(raceProblems(extra)).toEqual(expect.arrayContaining([expect.stringContaining('units read 1, 2, 3; the answers made 1, 2')]));
  });

  it('name an answer that is not a 200, 400 or 422, or a refusal without an XML error body', () => {
    const run = goodRun();
    const broken = {
      ...run,
      outcomes: [
        ...run.outcomes.slice(0, 2),
        outcome({ n: 2, kind: 'consume', unitId: 2, quantity: '3' }, reply(500, null, 'oops')),
        run.outcomes[3]!,
        outcome({ n: 4, kind: 'adjust', unitId: 2, quantity: '-5', malformed: true }, reply(400, null, 'bad')),
        outcome({ n: 5, kind: 'move', unitId: 1, sublocationId: 12 }, refusal(422, 'A consumption cannot raise the quantity')),
      ],
    };
    expect(raceProblems(broken)).toEqual([
      expect.stringContaining('race-2 (consume of unit 2): expected 200 or 422\n  HTTP 500: oops'),
      expect.stringContaining('race-4 (adjust of unit 2): the refusal has no XML error body'),
      expect.stringContaining('race-5 (move of unit 1): refused for a reason a race does not give'),
    ]);
  });
});
