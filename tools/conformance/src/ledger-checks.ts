import type { Reply } from './client';
import { XML_DECLARATION } from './expect-xml';
import type { Ledger, LedgerRecord, UnitLedger } from './inventory-ledger';
import { CHANGE_KINDS, createComment, raceComment, type ChangeKind, type Outcome, type Stock } from './inventory-race';
import { fromScaled, sumScaled, toScaled } from './scaled-decimal';

/**
 * Nothing lost, nothing invented: what the answers to a race and the ledger read after it must
 * agree on. Each check returns what is wrong, as sentences, so a failure names every problem at once.
 */

export interface RaceRun {
  readonly stock: Stock;
  readonly outcomes: readonly Outcome[];
  readonly ledger: Ledger;
}

/** The refusals a change may meet when another got to its unit first (422), by kind. */
const STATE_REFUSALS: Record<ChangeKind, readonly string[]> = {
  adjust: [],
  consume: ['A consumption cannot raise the quantity'],
  move: [],
  split: [
    'Quantity must be a positive number.',
    "Quantity can't be greater than the quantity available.",
    'Quantity must be less than the quantity available.',
  ],
};

const delta = (record: LedgerRecord) => record.after - record.before;
const label = (outcome: Outcome) => `${raceComment(outcome.change.n)} (${outcome.change.kind} of unit ${outcome.change.unitId})`;

/** The messages of an XML error body (`<errors>` or `<error><message>`), or null when the body is not one. */
function errorMessages(reply: Reply): string[] | null {
  if (!/^application\/xml;\s*charset=utf-8$/i.test(reply.headers.get('content-type') ?? '') || !XML_DECLARATION.test(reply.text)) return null;
  const { errors, error } = reply.xml ?? {};
  if (Array.isArray(errors) && errors.length > 0 && errors.every((m) => typeof m === 'string')) return errors as string[];
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? [message] : null;
}

/** Every answer is a 200, or a 400 (malformed input) or 422 (the unit's state) with an XML error body. */
export function answerProblems(outcomes: readonly Outcome[]): string[] {
  const found: string[] = [];
  for (const outcome of outcomes) {
    const { change, status, reply } = outcome;
    const body = reply ? `\n  HTTP ${status}: ${reply.text.slice(0, 500)}` : '';
    if (outcome.failure) found.push(`${label(outcome)}: ${outcome.failure}`);
    if (!reply) continue;
    if (status === 200) {
      if (change.malformed) found.push(`${label(outcome)}: malformed input was taken${body}`);
      continue;
    }
    const messages = errorMessages(reply);
    if (status !== (change.malformed ? 400 : 422)) found.push(`${label(outcome)}: expected 200 or ${change.malformed ? 400 : 422}${body}`);
    else if (!messages) found.push(`${label(outcome)}: the refusal has no XML error body${body}`);
    else if (status === 422 && !messages.every((m) => STATE_REFUSALS[change.kind].includes(m))) {
      found.push(`${label(outcome)}: refused for a reason a race does not give${body}`);
    }
  }
  return found;
}

/** The units the test knows of (created, or named by a split's answer), and the listing agrees with their shows. */
export function unitSetProblems({ stock, outcomes, ledger }: RaceRun): string[] {
  const found: string[] = [];
  const made = outcomes.flatMap((o) => (o.status === 200 && o.newUnitId !== undefined ? [o.newUnitId] : []));
  const expected = [...stock.units.map((u) => u.id), ...made].sort((a, b) => a - b);
  const ids = ledger.units.map((u) => u.id);
  if (new Set(made).size !== made.length) found.push(`two splits answered the same new unit: ${made.join(', ')}`);
  if (ids.join() !== expected.join()) found.push(`units read ${ids.join(', ')}; the answers made ${expected.join(', ')}`);
  const listed = ledger.listed.map(fromScaled);
  const shown = ledger.units.map((u) => fromScaled(u.quantity));
  if (listed.join() !== shown.join()) found.push(`the part's listing holds [${listed.join(', ')}]; the units show [${shown.join(', ')}]`);
  for (const quantity of ledger.listed) if (quantity < 0n) found.push(`the listing holds a quantity below zero: ${fromScaled(quantity)}`);
  return found;
}

/** Each unit: no quantity below zero, records that chain from 0 to its quantity, and the quantity is the sum of their deltas. */
export function unitHistoryProblems({ stock, ledger }: RaceRun): string[] {
  const found: string[] = [];
  const created = new Map(stock.units.map((u) => [u.id, toScaled(u.quantity)]));
  for (const unit of ledger.units) {
    const at = `unit ${unit.id}`;
    if (unit.quantity < 0n) found.push(`${at} holds ${fromScaled(unit.quantity)}, below zero`);
    const [first] = unit.records;
    const opening = created.has(unit.id) ? 'create' : 'split';
    if (!first || first.type !== opening || first.before !== 0n) found.push(`${at}: its first record is not a ${opening} from 0`);
    if (created.has(unit.id) && first?.after !== created.get(unit.id)) found.push(`${at}: its create record is not its created quantity`);
    unit.records.forEach((record, i) => {
      if (record.unitId !== unit.id) found.push(`${at}: record ${record.id} names unit ${record.unitId}`);
      if (record.before < 0n || record.after < 0n) found.push(`${at}: record ${record.id} goes below zero`);
      const previous = unit.records[i - 1];
      if (previous && record.before !== previous.after) {
        found.push(`${at}: record ${record.id} starts at ${fromScaled(record.before)} where record ${previous.id} left ${fromScaled(previous.after)} (a lost update)`);
      }
    });
    const sum = sumScaled(unit.records.map(delta));
    if (sum !== unit.quantity) found.push(`${at} holds ${fromScaled(unit.quantity)}; its records add up to ${fromScaled(sum)}`);
  }
  return found;
}

/** Each successful change wrote exactly its records, a refused one none, and no record comes from elsewhere. */
export function recordMatchProblems({ stock, outcomes, ledger }: RaceRun): string[] {
  const found: string[] = [];
  const byComment = new Map<string, LedgerRecord[]>();
  for (const record of ledger.units.flatMap((u) => u.records)) {
    const key = record.comment ?? '(no comment)';
    byComment.set(key, [...(byComment.get(key) ?? []), record]);
  }
  const take = (comment: string) => {
    const records = byComment.get(comment) ?? [];
    byComment.delete(comment);
    return records;
  };
  stock.units.forEach((unit, i) => {
    const records = take(createComment(i));
    if (records.length !== 1 || records[0]!.unitId !== unit.id || records[0]!.type !== 'create') {
      found.push(`unit ${unit.id}: ${records.length} records of its create`);
    }
  });
  for (const outcome of outcomes) {
    const records = take(raceComment(outcome.change.n));
    if (outcome.status !== 200) {
      if (records.length > 0) found.push(`${label(outcome)} was refused (${outcome.status}) but wrote records ${records.map((r) => r.id).join(', ')}`);
      continue;
    }
    const problem = changeRecordProblem(outcome, records);
    if (problem) found.push(`${label(outcome)}: ${problem}`);
  }
  for (const [comment, records] of byComment) found.push(`records ${records.map((r) => r.id).join(', ')} (${comment}) come from no change that succeeded`);
  return found;
}

/** What is wrong with the records a successful change wrote, or null. */
function changeRecordProblem(outcome: Outcome, records: readonly LedgerRecord[]): string | null {
  const { change, newUnitId } = outcome;
  const list = records.map((r) => `${r.id}:${r.type}@${r.unitId} ${fromScaled(r.before)}→${fromScaled(r.after)}`).join(', ') || 'none';
  const expectOne = change.kind !== 'split';
  if (records.length !== (expectOne ? 1 : 2)) return `expected ${expectOne ? 1 : 2} records, found ${list}`;
  if (change.kind === 'split') {
    const original = records.find((r) => r.unitId === change.unitId);
    const made = records.find((r) => r.unitId === newUnitId);
    const quantity = toScaled(change.quantity!);
    const paired = original?.related === newUnitId && made?.related === change.unitId;
    if (!original || !made || original.type !== 'split' || made.type !== 'split' || !paired) return `split records do not pair unit ${change.unitId} with ${newUnitId}: ${list}`;
    if (delta(original) !== -quantity || made.before !== 0n || made.after !== quantity || made.to !== change.sublocationId) {
      return `split records do not move ${change.quantity} to sublocation ${change.sublocationId}: ${list}`;
    }
    return null;
  }
  const [record] = records as [LedgerRecord];
  if (record.unitId !== change.unitId || record.type !== change.kind) return `expected a ${change.kind} record of unit ${change.unitId}, found ${list}`;
  if (change.kind === 'move') return record.to === change.sublocationId && delta(record) === 0n ? null : `the move record does not say it: ${list}`;
  return record.after === toScaled(change.quantity!) ? null : `the record does not end at ${change.quantity}: ${list}`;
}

/** Records of each type as many as the changes that succeeded (a split writes two), and a unit per successful split. */
export function countProblems({ stock, outcomes, ledger }: RaceRun): string[] {
  const succeeded = (kind: ChangeKind) => outcomes.filter((o) => o.change.kind === kind && o.status === 200).length;
  const expected: Record<string, number> = { create: stock.units.length };
  for (const kind of CHANGE_KINDS) expected[kind] = succeeded(kind) * (kind === 'split' ? 2 : 1);
  const actual: Record<string, number> = Object.fromEntries(Object.keys(expected).map((type) => [type, 0]));
  for (const record of ledger.units.flatMap((u) => u.records)) actual[record.type] = (actual[record.type] ?? 0) + 1;
  const found: string[] = [];
  const show = (counts: Record<string, number>) => JSON.stringify(counts);
  if (show(actual) !== show(expected)) found.push(`records by type ${show(actual)}; the successful changes make ${show(expected)}`);
  const units = stock.units.length + succeeded('split');
  if (ledger.units.length !== units) found.push(`${ledger.units.length} units; the creates and successful splits make ${units}`);
  return found;
}

/**
 * Each split family (a created unit and every unit split from it, at any depth) holds its created
 * quantity plus the deltas of its adjust and consume records: a split moves quantity, never makes it.
 */
export function familyProblems({ stock, ledger }: RaceRun): string[] {
  const byId = new Map(ledger.units.map((u) => [u.id, u]));
  const rootOf = (unit: UnitLedger, depth = 0): number => {
    const parent = unit.records[0]?.type === 'split' ? unit.records[0].related : null;
    const next = parent === null ? undefined : byId.get(parent);
    return next && depth < byId.size ? rootOf(next, depth + 1) : unit.id;
  };
  const found: string[] = [];
  let total = 0n;
  let expectedTotal = 0n;
  for (const created of stock.units) {
    const family = ledger.units.filter((u) => rootOf(u) === created.id);
    const held = sumScaled(family.map((u) => u.quantity));
    const changed = sumScaled(family.flatMap((u) => u.records).filter((r) => r.type === 'adjust' || r.type === 'consume').map(delta));
    const expected = toScaled(created.quantity) + changed;
    total += held;
    expectedTotal += expected;
    if (held !== expected) {
      found.push(`the family of unit ${created.id} (${family.map((u) => u.id).join(', ')}) holds ${fromScaled(held)}; created and adjusted, ${fromScaled(expected)}`);
    }
  }
  const orphans = ledger.units.filter((u) => !stock.units.some((c) => c.id === rootOf(u)));
  if (orphans.length > 0) found.push(`units ${orphans.map((u) => u.id).join(', ')} descend from no created unit`);
  if (total !== expectedTotal) found.push(`all units hold ${fromScaled(total)}; created and adjusted, ${fromScaled(expectedTotal)}`);
  return found;
}

/** Every check over one run. */
export function raceProblems(run: RaceRun): string[] {
  return [answerProblems(run.outcomes), unitSetProblems(run), unitHistoryProblems(run), recordMatchProblems(run), countProblems(run), familyProblems(run)].flat();
}

/** `adjust 200=31 422=0 400=2 · consume …`: how each kind of change was answered. */
export function tally(outcomes: readonly Outcome[]): string {
  return CHANGE_KINDS.map((kind) => {
    const counts = new Map<number, number>();
    for (const o of outcomes.filter((x) => x.change.kind === kind)) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
    const parts = [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}=${n}`);
    return `${kind} ${parts.join(' ') || 'none'}`;
  }).join(' · ');
}
