import { describe, expect, it } from 'vitest';
import { isPipsError } from '../errors';
import { createFakeStore } from '../fake/fake-store';
import type { Clock, Store } from '../ports';
import { insertRow, writePlan } from '../write-plan';
import { claimKey, type ClaimOutcome } from './claim-key';
import { finishWithoutAnswer, keepAnswer, sweepKeys } from './finish-key';
import { CLAIM_LEASE_MS, KEY_LIFETIME_MS, type KeptAnswer, type KeyClaim, type KeyRequest } from './kept-answer';
import { markingStore } from './marking-store';

function movableClock(start = '2025-01-01T00:00:00Z') {
  let now = new Date(start).getTime();
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
}

let claims = 0;
const request = (over: Partial<KeyRequest> = {}): KeyRequest => ({ tokenId: 1, key: 'k-1', requestHash: 'h-1', claim: `claim-${++claims}`, ...over });

function ran(outcome: ClaimOutcome): KeyClaim {
  if (!('run' in outcome)) throw new Error('expected the request to run');
  return outcome.run;
}

async function codeOf(done: Promise<unknown>): Promise<string> {
  try {
    await done;
  } catch (error) {
    if (isPipsError(error)) return error.code;
    throw error;
  }
  return 'none';
}

/** A command's change: one secret row named `name`, written as commands write, committing with it. */
const change = (store: Store, name: string) =>
  store.transaction((tx) =>
    tx.write(writePlan([insertRow('site_secret', { name, value: 'v', created_at: new Date(0) })]), { commit: true }),
  );

const secrets = (store: Store) => store.read((tx) => tx.repo('site_secret').find());
const keyRows = (store: Store) => store.read((tx) => tx.repo('idempotency_key').find());
const answer: KeptAnswer = { status: 200, headers: [['Content-Type', 'application/xml; charset=utf-8']], body: '<ok/>' };

describe('idempotency keys', () => {
  it('runs the first request, gives a retry its kept answer, and keeps keys per token', async () => {
    const store = createFakeStore();
    const { clock } = movableClock();
    const claim = ran(await claimKey(store, clock, request()));
    await change(markingStore(store, claim), 'a');
    await keepAnswer(store, claim, answer);
    expect(await claimKey(store, clock, request())).toEqual({ replay: answer });
    expect(await secrets(store)).toHaveLength(1);
    expect('run' in (await claimKey(store, clock, request({ tokenId: 2 })))).toBe(true);
  });

  it('refuses the key for another request (422) and while its first request runs (409)', async () => {
    const store = createFakeStore();
    const { clock } = movableClock();
    ran(await claimKey(store, clock, request()));
    expect(await codeOf(claimKey(store, clock, request({ requestHash: 'other' })))).toBe('idempotency_key_reused');
    expect(await codeOf(claimKey(store, clock, request()))).toBe('idempotency_key_in_use');
  });

  it('marks the key in the same write plan as the change, so both are written or neither', async () => {
    const store = createFakeStore();
    const { clock } = movableClock();
    const claim = ran(await claimKey(store, clock, request()));
    store.failNextWrite(new Error('disk on fire'), { table: 'site_secret' });
    await expect(change(markingStore(store, claim), 'a')).rejects.toThrow('disk on fire');
    expect((await keyRows(store)).map((row) => row.state)).toEqual(['running']);
    await change(markingStore(store, claim), 'a');
    const plan = store.plans.at(-1)!;
    expect(plan.steps.map((step) => step.table)).toEqual(['site_secret', 'idempotency_key']);
    expect((await keyRows(store)).map((row) => row.state)).toEqual(['committed']);
  });

  it('marks a transaction that wrote through its repositories before it commits', async () => {
    const store = createFakeStore();
    const { clock } = movableClock();
    const claim = ran(await claimKey(store, clock, request()));
    await markingStore(store, claim).transaction((tx) => tx.repo('site_secret').insert({ name: 'a', value: 'v', created_at: new Date(0) }));
    expect((await keyRows(store)).map((row) => row.state)).toEqual(['committed']);
  });

  it('gives a key back when its run wrote nothing and failed, so a retry runs', async () => {
    const store = createFakeStore();
    const { clock } = movableClock();
    const claim = ran(await claimKey(store, clock, request()));
    await finishWithoutAnswer(store, claim);
    expect(await keyRows(store)).toEqual([]);
    expect('run' in (await claimKey(store, clock, request()))).toBe(true);
  });

  it('never runs again a request whose change was committed without its answer kept', async () => {
    const store = createFakeStore();
    const { clock, advance } = movableClock();
    const claim = ran(await claimKey(store, clock, request()));
    await change(markingStore(store, claim), 'a');
    // Between its commit and its answer: still being answered.
    expect(await codeOf(claimKey(store, clock, request()))).toBe('idempotency_key_in_use');
    advance(CLAIM_LEASE_MS);
    // Its process gone: the answer will not come, and the change is not made twice.
    expect(await codeOf(claimKey(store, clock, request()))).toBe('idempotency_answer_lost');
    await finishWithoutAnswer(store, claim);
    expect((await keyRows(store)).map((row) => row.state)).toEqual(['lost']);
    expect(await secrets(store)).toHaveLength(1);
  });

  it('lets a retry take over a claim past its lease, and the run it took it from then writes nothing', async () => {
    const store = createFakeStore();
    const { clock, advance } = movableClock();
    const first = ran(await claimKey(store, clock, request()));
    advance(CLAIM_LEASE_MS);
    const second = ran(await claimKey(store, clock, request()));
    expect(second.id).toBe(first.id);
    expect(await codeOf(change(markingStore(store, first), 'first'))).toBe('busy');
    await change(markingStore(store, second), 'second');
    await keepAnswer(store, first, { ...answer, body: '<first/>' });
    await keepAnswer(store, second, answer);
    expect((await secrets(store)).map((row) => row.name)).toEqual(['second']);
    expect(await claimKey(store, clock, request())).toEqual({ replay: answer });
  });

  it('forgets a key after a day: it then runs as a new request, whatever it is', async () => {
    const store = createFakeStore();
    const { clock, advance } = movableClock();
    const claim = ran(await claimKey(store, clock, request()));
    await keepAnswer(store, claim, answer);
    advance(KEY_LIFETIME_MS - 1);
    expect(await claimKey(store, clock, request())).toEqual({ replay: answer });
    advance(1);
    expect('run' in (await claimKey(store, clock, request({ requestHash: 'other' })))).toBe(true);
  });

  it('sweeps the keys older than a day and leaves the others', async () => {
    const store = createFakeStore();
    const { clock, advance } = movableClock();
    ran(await claimKey(store, clock, request({ key: 'old' })));
    advance(KEY_LIFETIME_MS);
    ran(await claimKey(store, clock, request({ key: 'new' })));
    expect(await sweepKeys(store, clock)).toBe(1);
    expect((await keyRows(store)).map((row) => row.idempotency_key)).toEqual(['new']);
  });
});
