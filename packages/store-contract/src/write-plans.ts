import { describe, expect, it } from 'vitest';
import { deleteRows, insertedId, insertRow, insertUnread, isPipsError, many, updateRow, writePlan, type Tx } from '@pips/domain';
import { COMMITTED_MESSAGE } from '@pips/domain/storage';
import { expectPipsError, rejectionOf } from './expect-error';
import { fixtures } from './fixtures';
import type { Harness } from './harness';
import { seed, snapshot } from './seed';

const MISSING = 987654;

/** `tx.write`: a plan's steps in order, each step's rows answered, all of them written or none. */
export function describeWritePlans(h: Harness): void {
  describe('write plans', () => {
    it('inserts rows that refer to rows inserted before them, and answers each row as stored', async () => {
      const parent = insertRow('parttype', { ...fixtures.parttype(), name: 'Passives' }, 'parent');
      const child = insertRow('parttype', { ...fixtures.parttype(), name: 'Resistors', parent_id: insertedId('parent') }, 'child');
      const contact = insertRow('contact', { ...fixtures.contact(), vendor_id: null, customer_id: null, first_name: 'Ada' });
      const plan = writePlan([parent, child, contact]);
      const written = await h.tx((tx) => tx.write(plan));
      expect(written.row(child)).toMatchObject({ name: 'Resistors', parent_id: written.row(parent).id });
      expect(written.steps.map((rows) => rows.length)).toEqual([1, 1, 1]);
      expect(await h.tx((tx) => tx.repo('parttype').find())).toEqual([written.row(parent), written.row(child)]);
      expect(await h.tx((tx) => tx.repo('contact').find())).toEqual(written.rows(contact));
    });

    it('inserts rows that point at each other, the later one\'s id drawn first, and checks references when all are written', async () => {
      // The child names its parent before the parent comes, and the parent names the child back.
      const child = insertRow('parttype', { ...fixtures.parttype(), name: 'Resistors', parent_id: insertedId('parent') }, 'child');
      const parent = insertRow('parttype', { ...fixtures.parttype(), name: 'Passives', parent_id: insertedId('child') }, 'parent');
      const written = await h.tx((tx) => tx.write(writePlan([child, parent])));
      expect(written.row(child)).toMatchObject({ name: 'Resistors', parent_id: written.row(parent).id });
      expect(written.row(parent)).toMatchObject({ name: 'Passives', parent_id: written.row(child).id });
      expect(await h.tx((tx) => tx.repo('parttype').find({}, { orderBy: [['id', 'asc']] }))).toEqual(
        [written.row(child), written.row(parent)].sort((a, b) => a.id - b.id),
      );
      // A reference to no row is refused all the same, and the plan leaves nothing.
      const before = await h.tx(snapshot);
      const again = [
        insertRow('parttype', { ...fixtures.parttype(), name: 'Capacitors', parent_id: insertedId('ceramics') }, 'capacitors'),
        insertRow('parttype', { ...fixtures.parttype(), name: 'Ceramics', parent_id: null }, 'ceramics'),
        insertRow('contact', { ...fixtures.contact(), vendor_id: MISSING, customer_id: null }),
      ];
      await expectPipsError(h.tx((tx) => tx.write(writePlan(again))), 'invalid', ['Vendor must exist']);
      expect(await h.tx(snapshot)).toEqual(before);
    });

    it('writes an unread insert without answering its row, refuses to be asked for it, and keeps it with the plan', async () => {
      const parent = insertRow('parttype', { ...fixtures.parttype(), name: 'Passives' }, 'parent');
      const contact = (first_name: string) => insertUnread('contact', { ...fixtures.contact(), vendor_id: null, customer_id: null, first_name });
      const quiet = contact('Quiet');
      const plan = writePlan([quiet, parent, contact('Later'), contact('Last')]);
      const written = await h.tx((tx) => tx.write(plan));
      expect(written.steps.map((rows) => rows.length)).toEqual([0, 1, 0, 0]);
      expect(() => written.rows(quiet)).toThrow('The insert into contact is not read back');
      expect(written.row(parent)).toMatchObject({ name: 'Passives' });
      // Their ids are drawn in plan order, as an insert's always are.
      const contacts = await h.tx((tx) => tx.repo('contact').find({}, { orderBy: [['id', 'asc']] }));
      expect(contacts.map((row) => row.first_name)).toEqual(['Quiet', 'Later', 'Last']);
      // A plan of unread inserts alone is written too; one failing leaves nothing of the plan.
      await h.tx((tx) => tx.write(writePlan([insertUnread('unit', { ...fixtures.unit(), name: 'alone' })])));
      expect(await h.tx((tx) => tx.repo('unit').find({ name: 'alone' }))).toHaveLength(1);
      const before = await h.tx(snapshot);
      const broken = writePlan([insertUnread('unit', { ...fixtures.unit(), name: 'lost' }), insertUnread('parttype', { ...fixtures.parttype(), parent_id: MISSING })]);
      await expectPipsError(h.tx((tx) => tx.write(broken)), 'invalid', ['Parent must exist']);
      expect(await h.tx(snapshot)).toEqual(before);
    });

    it('writes a plan larger than one SQL statement holds whole, or none of it when its last step fails, the transaction going on', async () => {
      const customer = await h.tx((tx) => seed(tx, 'customer', { discount: '1.0' }));
      const contact = (n: number) => ({ ...fixtures.contact(), vendor_id: null, customer_id: null, first_name: `c${n}` });
      // More values than PostgreSQL binds in one statement (65,535), as unread inserts, between read inserts naming each other.
      const count = Math.ceil(65_536 / Object.keys(contact(0)).length) + 1;
      const root = insertRow('parttype', { ...fixtures.parttype(), name: 'Root' }, 'root');
      const leaf = insertRow('parttype', { ...fixtures.parttype(), name: 'Leaf', parent_id: insertedId('root') });
      const steps = [root, ...Array.from({ length: count }, (_, n) => insertUnread('contact', contact(n))), leaf];
      const before = await h.tx(snapshot);
      for (const last of [insertRow('parttype', { ...fixtures.parttype(), parent_id: MISSING }), updateRow('customer', customer.id, { discount: '3.0' }, { discount: '2.0' })]) {
        const kept = await h.tx(async (tx) => {
          const error = await rejectionOf(tx.write(writePlan([...steps, last])));
          expect(isPipsError(error) && error.code).toBe(last.kind === 'insert' ? 'invalid' : 'busy');
          return snapshot(tx);
        });
        expect(kept).toEqual(before);
        expect(await h.tx(snapshot)).toEqual(before);
      }
      const written = await h.tx((tx) => tx.write(writePlan(steps), { commit: true }));
      expect(written.row(leaf)).toMatchObject({ name: 'Leaf', parent_id: written.row(root).id });
      expect(written.steps.filter((rows) => rows.length > 0)).toHaveLength(2);
      expect(await h.tx((tx) => tx.repo('contact').count())).toBe(count);
    });

    it('updates a row whose expected values still hold (decimals by value, nulls as values), answering it', async () => {
      const customer = await h.tx((tx) => seed(tx, 'customer', { name: 'Acme', discount: '5.0', email: null }));
      const update = updateRow('customer', customer.id, { discount: '7.25', email: 'a@acme.example' }, { discount: '5.000', email: null });
      const written = await h.tx((tx) => tx.write(writePlan([update])));
      expect(written.row(update)).toEqual({ ...customer, discount: '7.25', email: 'a@acme.example' });
      expect(await h.tx((tx) => tx.repo('customer').get(customer.id))).toEqual(written.row(update));
    });

    it('writes none of a plan whose guarded row changed or is gone, with errors.stale', async () => {
      const customer = await h.tx((tx) => seed(tx, 'customer', { name: 'Acme', discount: '5.0' }));
      const before = await h.tx(snapshot);
      for (const [id, expected] of [
        [customer.id, { discount: '6.0' }],
        [MISSING, undefined],
      ] as const) {
        const plan = writePlan([insertRow('manufacturer', { ...fixtures.manufacturer(), name: 'New' }), updateRow('customer', id, { discount: '1.0' }, expected)]);
        const error = await rejectionOf(h.tx((tx) => tx.write(plan)));
        expect(isPipsError(error) && error.code).toBe('busy');
        expect(isPipsError(error) && error.details.stale).toEqual({ table: 'customer', id });
        expect(await h.tx(snapshot)).toEqual(before);
      }
    });

    it('deletes by id and by condition, answering the rows deleted', async () => {
      const [a, b, c] = await h.tx(async (tx) => [await seed(tx, 'unit'), await seed(tx, 'unit', { allow_fractional: false }), await seed(tx, 'unit')]);
      const byId = deleteRows('unit', { id: b!.id });
      const byWhere = deleteRows('unit', { allow_fractional: true });
      const none = deleteRows('unit', { id: MISSING });
      const written = await h.tx((tx) => tx.write(writePlan([byId, byWhere, none])));
      expect([written.rows(byId), written.rows(byWhere), written.rows(none)]).toEqual([[b], [a, c], []]);
      expect(await h.tx((tx) => tx.repo('unit').count())).toBe(0);
    });

    it('fails as the repositories do, and a plan failing in its third step leaves nothing written', async () => {
      const [acme, customer] = await h.tx(async (tx) => [await seed(tx, 'manufacturer', { name: 'Acme' }), await seed(tx, 'customer', { discount: '1.0' })]);
      const before = await h.tx(snapshot);
      const taken = writePlan([
        insertRow('manufacturer', { ...fixtures.manufacturer(), name: 'Beta' }),
        updateRow('customer', customer!.id, { discount: '2.0' }, { discount: '1.0' }),
        insertRow('manufacturer', { ...fixtures.manufacturer(), name: acme!.name }),
      ]);
      await expectPipsError(h.tx((tx) => tx.write(taken)), 'invalid', ['Name has already been taken']);
      const missing = writePlan([insertRow('manufacturer', { ...fixtures.manufacturer(), name: 'Gamma' }), insertRow('parttype', { ...fixtures.parttype(), parent_id: MISSING })]);
      await expectPipsError(h.tx((tx) => tx.write(missing)), 'invalid', ['Parent must exist']);
      const inUse = await h.tx(async (tx) => seed(tx, 'contact', { vendor_id: (await seed(tx, 'vendor')).id }));
      const afterContact = await h.tx(snapshot);
      const referenced = writePlan([insertRow('manufacturer', { ...fixtures.manufacturer(), name: 'Delta' }), deleteRows('vendor', { id: inUse.vendor_id! })]);
      await expectPipsError(h.tx((tx) => tx.write(referenced)), 'unprocessable', ['Cannot delete record because dependent contacts exist']);
      expect(await h.tx(snapshot)).toEqual(afterContact);
      expect(before.manufacturer).toEqual(afterContact.manufacturer);
    });

    it('commits with a plan that says so, alone or after reads, and refuses any statement after it', async () => {
      const first = insertRow('unit', { ...fixtures.unit(), name: 'first' });
      await h.tx((tx) => tx.write(writePlan([first]), { commit: true }));
      const afterRead = insertRow('unit', { ...fixtures.unit(), name: 'after a read' });
      const refused = await h.tx(async (tx) => {
        await tx.load({ rows: many('unit', {}, { lock: true }) });
        await tx.write(writePlan([afterRead]), { commit: true });
        // Refused at the call or in its promise: either way nothing is sent.
        const refusal = (send: () => Promise<unknown>) => rejectionOf((async () => send())());
        return Promise.all([refusal(() => tx.repo('unit').count()), refusal(() => tx.load({ rows: many('unit', {}) })), refusal(() => tx.write(writePlan([first])))]);
      });
      expect(refused.map((error) => (error as Error).message)).toEqual([COMMITTED_MESSAGE, COMMITTED_MESSAGE, COMMITTED_MESSAGE]);
      expect((await h.tx((tx) => tx.repo('unit').find())).map((unit) => unit.name)).toEqual(['first', 'after a read']);
    });

    it('keeps nothing of a transaction whose committing plan fails, stale or broken, first write or not', async () => {
      const [acme, customer] = await h.tx(async (tx) => [await seed(tx, 'manufacturer', { name: 'Acme' }), await seed(tx, 'customer', { discount: '1.0' })]);
      const before = await h.tx(snapshot);
      const taken = () => writePlan([insertRow('manufacturer', { ...fixtures.manufacturer(), name: 'Beta' }), insertRow('manufacturer', { ...fixtures.manufacturer(), name: acme!.name })]);
      const stale = () => writePlan([insertRow('manufacturer', { ...fixtures.manufacturer(), name: 'Gamma' }), updateRow('customer', customer!.id, { discount: '3.0' }, { discount: '2.0' })]);
      await expectPipsError(h.tx(async (tx) => (await tx.load({ rows: many('customer', {}, { lock: true }) }), tx.write(taken(), { commit: true }))), 'invalid', ['Name has already been taken']);
      await expectPipsError(h.tx((tx) => tx.write(taken(), { commit: true })), 'invalid', ['Name has already been taken']);
      const written = (tx: Tx) => tx.repo('unit').insert({ ...fixtures.unit(), name: 'written before' });
      await expectPipsError(h.tx(async (tx) => (await written(tx), tx.write(taken(), { commit: true }))), 'invalid', ['Name has already been taken']);
      for (const work of [(tx: Tx) => tx.write(stale(), { commit: true }), async (tx: Tx) => (await written(tx), tx.write(stale(), { commit: true }))]) {
        const error = await rejectionOf(h.tx(work));
        expect(isPipsError(error) && error.details.stale).toEqual({ table: 'customer', id: customer!.id });
      }
      expect(await h.tx(snapshot)).toEqual(before);
    });

    it('takes turns on a row a plan reads locked, so guarded plans made from it never go stale', async () => {
      const counter = await h.tx((tx) => seed(tx, 'parttype', { part_next: 1 }));
      const taken = await Promise.all(
        Array.from({ length: 6 }, () =>
          h.tx(async (tx) => {
            const { rows } = await tx.load({ rows: many('parttype', { id: counter.id }, { lock: true }) });
            const row = rows[0]!;
            // Yield between read and write, so an adapter that does not lock interleaves here.
            await new Promise((resolve) => setTimeout(resolve, 1));
            await tx.write(writePlan([updateRow('parttype', row.id, { part_next: row.part_next + 1 }, { part_next: row.part_next })]));
            return row.part_next;
          }),
        ),
      );
      expect(await h.tx((tx) => tx.repo('parttype').get(counter.id))).toMatchObject({ part_next: 7 });
      expect([...taken].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    });
  });
}
