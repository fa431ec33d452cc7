import { post, put, xmlBody, xmlFields, type Endpoint, type Reply, type XmlValue } from './client';
import { INTEGER, UNKNOWN_ID, expectStatus, idOf, many, show, type Rec } from './expect-xml';
import { createLocation, sublocationsXml } from './fixtures';
import { createPart, partSetting } from './part-fixtures';
import { fromScaled, toScaled } from './scaled-decimal';

/**
 * Many changes to a few inventory units at once, through the HTTP API: what is set up, what is
 * sent, and every answer. What the store holds afterwards is `inventory-ledger.ts`'s to read.
 */

export const CHANGE_KINDS = ['adjust', 'consume', 'move', 'split'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A part with units of a known quantity, spread over the sublocations of one location. */
export interface Stock {
  readonly partId: number;
  readonly sublocationIds: readonly number[];
  /** The units created, with the quantity each was created with. */
  readonly units: ReadonlyArray<{ readonly id: number; readonly quantity: string }>;
}

/** One change sent; `n` names it: its record's comment is `race-<n>`. */
export interface Change {
  readonly n: number;
  readonly kind: ChangeKind;
  readonly unitId: number;
  /** Which server of the fleet it went to. */
  readonly server: number;
  /** adjust and consume: the new quantity; split: the quantity split off. */
  readonly quantity?: string;
  /** move and split: where to. */
  readonly sublocationId?: number;
  /** Sent with input no store may take (a negative, too precise or non-numeric quantity, an unknown sublocation): a 400. */
  readonly malformed: boolean;
}

export interface Outcome {
  readonly change: Change;
  /** The HTTP status, or 0 when no answer came. */
  readonly status: number;
  readonly reply: Reply | null;
  /** Why no answer came. */
  readonly failure?: string;
  /** A split that was done: the unit it made. */
  readonly newUnitId?: number;
}

export const raceComment = (n: number) => `race-${n}`;
export const createComment = (i: number) => `create-${i}`;

const WHOLE = toScaled('1');
/** A quantity as the API writes one. */
const DECIMAL = /^\d+\.\d{1,10}$/;

const recordTail = (fields: Record<string, XmlValue>) => `<inventory_record>${xmlFields(fields)}</inventory_record>`;

/** A part, a location with `sublocations` sublocations, and `quantities.length` units of it, through `endpoint`. */
export async function setUpStock(endpoint: Endpoint, quantities: readonly string[], sublocations: number): Promise<Stock> {
  const setting = await partSetting(endpoint);
  const partId = idOf(await createPart(endpoint, setting));
  const names = Array.from({ length: sublocations }, (_, i) => ({ name: `Shelf ${i + 1}` }));
  const location = await createLocation(endpoint, {}, sublocationsXml(names));
  const sublocationIds = many(location.inventory_sublocation).map(idOf);
  const units = [];
  for (const [i, quantity] of quantities.entries()) {
    const fields = { inventory_sublocation_id: sublocationIds[i % sublocationIds.length], unit_id: setting.unitId, quantity };
    const body = xmlBody('inventory_unit', fields, recordTail({ comment: createComment(i) }));
    const reply = await post(endpoint, `/parts/${partId}/inventory_units`, { body });
    expectStatus(reply, 200);
    units.push({ id: idOf(reply.xml?.inventory_unit as Rec), quantity });
  }
  return { partId, sublocationIds, units };
}

export interface RaceOptions {
  /** How many changes to send in all. */
  readonly changes: number;
  /** How many are under way at once. */
  readonly inFlight: number;
  /** Numbers in [0, 1): the race is planned from them. */
  readonly random: () => number;
}

/**
 * Sends `options.changes` changes, `options.inFlight` at a time, the n-th to server n modulo the
 * fleet. Each is planned when it is sent, from the quantities the answers so far showed, so
 * units made by splits are changed too and some changes are refused because another got there
 * first. Never throws on an answer: every one is returned.
 */
export async function raceChanges(endpoints: readonly Endpoint[], stock: Stock, options: RaceOptions): Promise<Outcome[]> {
  const seen = new Map(stock.units.map((unit) => [unit.id, toScaled(unit.quantity)]));
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < options.changes) {
      const n = next++;
      const change = planChange(n, n % endpoints.length, stock, seen, options.random);
      const outcome = await send(endpoints[change.server]!, stock.partId, change);
      outcomes.push(outcome);
      // Only a guide to the next plans: a malformed answer is the ledger checks' to report.
      for (const unit of answeredUnits(outcome)) if (DECIMAL.test(String(unit.quantity))) seen.set(Number(unit.id), toScaled(String(unit.quantity)));
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, worker));
  return outcomes.sort((a, b) => a.change.n - b.change.n);
}

/** A change to one of the units: mostly the first ones, so changes meet on the same rows. */
function planChange(n: number, server: number, stock: Stock, seen: ReadonlyMap<number, bigint>, random: () => number): Change {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const unitId = random() < 0.7 ? pick(stock.units).id : pick([...seen.keys()]);
  const current = seen.get(unitId)!;
  // Whole numbers, thousandths, and the ten places a store keeps.
  const step = 10n ** BigInt(10 - pick([0, 3, 3, 3, 10]));
  const between = (low: bigint, high: bigint) => {
    const value = low + BigInt(Math.floor(random() * Number(high > low ? high - low : 1n)));
    return value - (value % step);
  };
  const malformed = random() < 0.05;
  const base = { n, server, unitId, malformed };
  const roll = random();
  if (roll < 0.3) return { ...base, kind: 'adjust', quantity: malformed ? '-5' : fromScaled(between(0n, 1600n * WHOLE)) };
  if (roll < 0.55) {
    // At most what the last answer showed; a change that lowered it since makes this one a raise.
    return { ...base, kind: 'consume', quantity: malformed ? '1.00000000001' : fromScaled(between((current * 6n) / 10n, current + 1n)) };
  }
  if (roll < 0.7) return { ...base, kind: 'move', sublocationId: malformed ? UNKNOWN_ID : pick(stock.sublocationIds) };
  // Mostly a small part; sometimes about all of it, which a change since may have made too much.
  const share = random() < 0.85 ? between(0n, current / 2n) : between((current * 9n) / 10n, (current * 12n) / 10n);
  const quantity = malformed ? 'plenty' : fromScaled(share > 0n ? share : step);
  return { ...base, kind: 'split', quantity, sublocationId: pick(stock.sublocationIds) };
}

/** The request that makes `change`, as a method, a path under the part and an XML body. */
function requestFor(change: Change): { method: 'PUT' | 'POST'; path: string; body: string } {
  const path = `/inventory_units/${change.unitId}`;
  const comment = raceComment(change.n);
  switch (change.kind) {
    case 'adjust':
    case 'consume': {
      const record = recordTail({ comment, adjustment_type: change.kind });
      return { method: 'PUT', path: `${path}/adjust_quantity`, body: xmlBody('inventory_unit', { quantity: change.quantity }, record) };
    }
    case 'move':
      return { method: 'PUT', path: `${path}/move`, body: xmlBody('inventory_unit', { inventory_sublocation_id: change.sublocationId }, recordTail({ comment })) };
    case 'split': {
      const fields = { inventory_sublocation_id: change.sublocationId, quantity: change.quantity };
      return { method: 'POST', path: `${path}/split`, body: xmlBody('inventory_unit', fields, recordTail({ comment })) };
    }
  }
}

async function send(endpoint: Endpoint, partId: number, change: Change): Promise<Outcome> {
  const { method, path, body } = requestFor(change);
  let reply: Reply;
  try {
    reply = await (method === 'PUT' ? put : post)(endpoint, `/parts/${partId}${path}`, { body });
  } catch (error) {
    return { change, status: 0, reply: null, failure: String(error) };
  }
  if (change.kind !== 'split' || reply.status !== 200) return { change, status: reply.status, reply };
  const [original, made] = many(reply.xml?.inventory_units);
  if (!original || !INTEGER.test(String(made?.id))) {
    return { change, status: reply.status, reply, failure: `a split answered 200 without two units:\n${show(reply)}` };
  }
  return { change, status: reply.status, reply, newUnitId: Number(made!.id) };
}

/** The units a successful answer shows, with their quantities then. */
function answeredUnits(outcome: Outcome): Rec[] {
  if (outcome.status !== 200 || !outcome.reply || outcome.failure) return [];
  return outcome.change.kind === 'split' ? many(outcome.reply.xml?.inventory_units) : many(outcome.reply.xml?.inventory_unit);
}

/** Numbers in [0, 1) from `seed` (mulberry32): a race's plan can be told again from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
