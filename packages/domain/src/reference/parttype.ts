import { errors, messages } from '../errors';
import { relatedData, rowsColumn } from './engine/with-related';
import { count, many } from '../read-plan';
import type { Parttype } from '../records';
import type { ColumnFields, ResourceDef } from './engine/resource-def';
import type { Tx } from '../ports';
import { requiredText, text } from './common-fields';

const attrition = { type: 'decimal', min: { value: '0', exclusive: false } } as const;

const createFields: ColumnFields<'parttype'> = {
  name: requiredText,
  attrition,
  is_non_material: { type: 'bool', default: false },
  partnumber_key: text,
  parent_id: { type: 'int' },
  parent_only: { type: 'bool', default: false },
  part_next: { type: 'int', default: 1 },
};

const updateFields: ColumnFields<'parttype'> = {
  name: requiredText,
  attrition,
  is_non_material: { type: 'bool' },
  partnumber_key: text,
  parent_id: { type: 'int' },
  parent_only: { type: 'bool' },
};

export interface ParttypeRelated {
  parentName: string | null;
}

/**
 * True when `candidate` is `self` or lies below it, so making it the parent would close a loop.
 * Each ancestor is read locked, so concurrent A→B and B→A moves serialise (one waits, or the
 * deadlock retry runs it again) and the second sees the first's parent and refuses.
 */
async function wouldCycle(tx: Tx, self: number, candidate: number): Promise<boolean> {
  const seen = new Set<number>();
  for (let at: number | null = candidate; at !== null && !seen.has(at); ) {
    if (at === self) return true;
    seen.add(at);
    at = (await tx.repo('parttype').get(at, { lock: true }))?.parent_id ?? null;
  }
  return false;
}

export const parttypeResource: ResourceDef<'parttype', ParttypeRelated> = {
  table: 'parttype',
  model: 'Parttype',
  createFields,
  updateFields,
  initial: { label_id: null },
  async validate(tx, next, existing) {
    const problems: string[] = [];
    if (typeof next.part_next === 'number' && next.part_next < 1) problems.push(messages.greaterThan('part_next', '0'));
    if (existing && typeof next.parent_id === 'number' && (await wouldCycle(tx, existing.id, next.parent_id))) {
      problems.push(messages.parentCycle());
    }
    return problems;
  },
  related: relatedData({ parents: many('parttype', { id: rowsColumn('parent_id') }) }, (loaded) => {
    const names = new Map(loaded.parents.map((p) => [p.id, p.name]));
    return (row) => ({ parentName: row.parent_id === null ? null : (names.get(row.parent_id) ?? null) });
  }),
  createdRelated: (_row, referenced) => ({ parentName: (referenced('parent_id') as Parttype | null)?.name ?? null }),
  deleteReads: { children: count('parttype', { parent_id: rowsColumn('id') }) },
  planDelete(_row, loaded) {
    if ((loaded.children as number) > 0) throw errors.inUseByTable('parttype');
    return [];
  },
};
