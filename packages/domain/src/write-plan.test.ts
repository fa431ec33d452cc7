import { describe, expect, it } from 'vitest';
import { deleteRows, forwardReferences, insertedId, insertRow, updateRow, writePlan, writtenRows } from './write-plan';

const unit = (name: string) => insertRow('unit', { name, description: null, allow_fractional: true } as never, name);

describe('writePlan', () => {
  it('keeps its steps in order', () => {
    const steps = [unit('a'), insertRow('parttype', { parent_id: insertedId('a') } as never), updateRow('unit', 3, { name: 'b' }), deleteRows('unit', { id: 4 })];
    expect(writePlan(steps).steps).toEqual(steps);
  });

  it('refuses what one statement could not write: a name twice, a reference to no insert, one row touched twice', () => {
    expect(() => writePlan([unit('a'), unit('a')])).toThrow('Two inserts are named a');
    expect(() => writePlan([insertRow('parttype', { parent_id: insertedId('b') } as never), unit('a')])).toThrow('No insert is named b');
    expect(() => writePlan([updateRow('unit', 1, { name: 'x' }), updateRow('unit', 1, { name: 'y' })])).toThrow('unit 1 is updated twice in one plan');
    expect(() => writePlan([updateRow('unit', 1, { name: 'x' }), deleteRows('unit', { id: 1 })])).toThrow('unit 1 is updated and deleted in one plan');
    expect(() => writePlan([unit('a'), deleteRows('unit', { id: insertedId('a') } as never)])).toThrow('A delete from unit names a row the plan inserts');
    expect(() => writePlan([{ ...unit('a'), unread: true }])).toThrow('The unread insert a is named');
    expect(() => writePlan([updateRow('unit', 1, { name: 'x' }), updateRow('parttype', 1, { name: 'y' }), deleteRows('unit', { id: 2 })])).not.toThrow();
  });
});

describe('forwardReferences', () => {
  it('names the inserts a step refers to before they come, and only those', () => {
    const part = insertRow('part', { active_revision_id: insertedId('revision') } as never, 'part');
    const revision = insertRow('part_revision', { part_id: insertedId('part') } as never, 'revision');
    const attribute = insertRow('part_revision_attribute', { part_revision_id: insertedId('revision') } as never);
    const plan = writePlan([part, revision, attribute, updateRow('parttype', 1, { parent_id: insertedId('part') } as never)]);
    expect([...forwardReferences(plan)]).toEqual(['revision']);
    expect([...forwardReferences(writePlan([unit('a'), insertRow('parttype', { parent_id: insertedId('a') } as never)]))]).toEqual([]);
  });
});

describe('writtenRows', () => {
  it('answers a step its rows, and refuses a step of another plan or one that wrote none', () => {
    const [insert, update] = [unit('a'), updateRow('unit', 9, { name: 'b' })];
    const plan = writePlan([insert, update]);
    const written = writtenRows(plan, [[{ id: 1 }], []]);
    expect([written.row(insert), written.rows(update)]).toEqual([{ id: 1 }, []]);
    expect(() => written.row(update)).toThrow('The update of unit wrote no row');
    expect(() => written.rows(unit('c'))).toThrow("The step is not one of the plan's");
  });
});
