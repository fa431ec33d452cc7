import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createPart, isPipsError, parseCreatePart, parseUpdatePart, showPart, updatePart, type Context, type Store } from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { sharedPglite, sharedPostgres, TEST_DATABASE_URL, type SharedDatabase } from './test-databases';

// A change of a part's row alone, and a part numbered by hand, are read without locks and written
// by one statement: the guard of the update, and the unique index of the create, find a rival that
// landed in between. Run on both engines: guards and keys are the store's own SQL.

const engines: Array<[string, () => SharedDatabase]> = [['pglite', sharedPglite]];
if (TEST_DATABASE_URL) engines.push(['postgresql', () => sharedPostgres(TEST_DATABASE_URL!)]);

describe.each(engines)('part writes without locks on %s', (_name, shared) => {
  const database = shared();
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  afterAll(() => database.dispose());

  async function setUp(onStatement?: (sql: string) => void) {
    store = await database.open(onStatement ? { onStatement } : {});
    const { ctx, setting } = await partContext(store);
    const made = await createPart(ctx, parseCreatePart({ manufacturer_pn: 'M', partnumber: 'RACE', ...setting, revision: { revision_name: 'A' } }));
    return { ctx, made, setting };
  }

  it('is made again, locked, when the active revision moves between its read and its write', async () => {
    const statements: string[] = [];
    const { ctx, made } = await setUp((sql) => void statements.push(sql));
    const real = ctx.store;
    let moved = 0;
    // A release landing right after the update's read: a new revision made the active one.
    const racing: Store = {
      ...real,
      read: async (work) => {
        const read = await real.read(work);
        if (moved === 0) {
          await real.transaction(async (tx) => {
            const { id: _id, ...first } = made.revision.revision;
            moved = (await tx.repo('part_revision').insert({ ...first, revision_name: 'B', status: 'Draft' })).id;
            await tx.repo('part').update(made.part.id, { active_revision_id: moved });
          });
        }
        return read;
      },
    };
    statements.length = 0;
    const changed = await updatePart({ ...ctx, store: racing } as Context, { id: made.part.id }, parseUpdatePart({ manufacturer_pn: 'AFTER' }));
    expect(moved).toBeGreaterThan(made.revision.revision.id);
    expect(changed.part.manufacturer_pn).toBe('AFTER');
    expect(changed.revision.revision.id).toBe(moved);
    expect(changed).toEqual(await showPart(ctx, { id: made.part.id }));
    // The unlocked read, the rival's two writes, the stale plan; then the locked read and the plan.
    const locking = statements.filter((sql) => sql.includes('FOR UPDATE') && sql.startsWith('WITH p0'));
    expect(locking).toHaveLength(1);
  });

  it('lets concurrent changes of one part all land, each column as its last writer left it', async () => {
    const { ctx, made } = await setUp();
    const changes = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? { manufacturer_pn: `M-${i}` } : { reorder_quantity: String(i) }));
    const answers = await Promise.all(changes.map((change) => updatePart(ctx, { id: made.part.id }, parseUpdatePart(change))));
    const shown = await showPart(ctx, { id: made.part.id });
    expect(answers.map((answer) => answer.part.id)).toEqual(changes.map(() => made.part.id));
    expect(changes.filter((c) => 'manufacturer_pn' in c).map((c) => c.manufacturer_pn)).toContain(shown.part.manufacturer_pn);
    expect(changes.filter((c) => 'reorder_quantity' in c).map((c) => `${c.reorder_quantity}.0`)).toContain(shown.part.reorder_quantity);
  });

  it('creates one part of concurrent creates numbered alike by hand, and refuses the rest as taken', async () => {
    const { ctx, setting } = await setUp();
    const body = { manufacturer_pn: 'X', partnumber: 'TWIN', ...setting, revision: { revision_name: 'A' } };
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => createPart(ctx, parseCreatePart(body))));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(isPipsError(reason) && reason.code).toBe('invalid');
      expect(reason).toMatchObject({ messages: ['Partnumber has already been taken'] });
    }
    expect((await showPart(ctx, { partnumber: 'TWIN' })).part.partnumber).toBe('TWIN');
  });
});
