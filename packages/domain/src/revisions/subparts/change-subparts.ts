import type { Context } from '../../context';
import { errors } from '../../errors';
import { requirePermission } from '../../permissions';
import type { Tx } from '../../ports';
import type { Subpart } from '../../records';
import { lockAssembly, lockLineAssembly, findChild, nextPosition, type Assembly, type Child } from './bill-lookups';
import { refuseCycles } from './bill-cycle';
import { requireDraft } from './bill-rules';
import type { NewLine, SubpartChanges, SubpartInput } from './subpart-input';

/** Adding to a bill needs the permission to create draft revisions (SPEC 4.7); changing or removing a line needs a valid token (DESIGN 4: permissions only where the spec names them). */
export const ADDING_PERMISSION = 'create_draft_revisions' as const;

/**
 * SPEC 4.4 `POST <P>/subpart`: a line on a draft revision's bill, last in its order. The
 * assembly's revision is locked first, so a concurrent release either sees the line or refuses it;
 * the line written, the bill is checked for a part containing itself (`refuseCycles`, last).
 * `input` is the body parsed by `parseSubpart` (over HTTP, after the permission check).
 */
export async function addSubpart(ctx: Context, input: SubpartInput): Promise<Subpart> {
  requirePermission(ctx.actor, ADDING_PERMISSION);
  return ctx.store.transaction(async (tx) => {
    const assembly = await lockAssembly(tx, input.assembly);
    requireDraft(assembly.revision);
    const child = await findChild(tx, input.child);
    const now = ctx.clock.now();
    const line = await insertLine(tx, assembly, child, input.line, await nextPosition(tx, assembly.revision.id), now);
    await tx.repo('part_revision').update(assembly.revision.id, { updated_at: now });
    await refuseCycles(tx, [assembly.revision.id]);
    return line;
  });
}

/** A new line on `assembly`'s bill, listing `child`, at `position`. */
export function insertLine(tx: Tx, assembly: Assembly, child: Child, line: NewLine, position: number, now: Date): Promise<Subpart> {
  return tx.repo('subpart').insert({
    part_id: assembly.part.id,
    part_revision_id: assembly.revision.id,
    subpart_id: child.part.id,
    subpart_part_revision_id: child.revisionId,
    ...line,
    position,
    created_at: now,
    updated_at: now,
  });
}

async function lineOf(tx: Tx, id: number): Promise<Subpart> {
  const line = await tx.repo('subpart').get(id);
  if (!line) throw errors.notFound('Subpart', id);
  return line;
}

/**
 * SPEC 4.4 `PUT <P>/subpart/:id`: the fields sent (`parseSubpartChanges`); naming a child re-points
 * the line to it, and then the bill is checked for a part containing itself.
 */
export async function updateSubpart(ctx: Context, id: number, changes: SubpartChanges): Promise<Subpart> {
  return ctx.store.transaction(async (tx) => {
    const { revision } = await lockLineAssembly(tx, await lineOf(tx, id));
    requireDraft(revision);
    const child = changes.child && (await findChild(tx, changes.child));
    const now = ctx.clock.now();
    const updated = await tx.repo('subpart').update(id, {
      ...changes.line,
      ...(child && { subpart_id: child.part.id, subpart_part_revision_id: child.revisionId }),
      updated_at: now,
    } as Partial<Subpart>);
    await tx.repo('part_revision').update(revision.id, { updated_at: now });
    if (!updated) throw errors.notFound('Subpart', id);
    if (child) await refuseCycles(tx, [revision.id]);
    return updated;
  });
}

/** SPEC 4.4 `DELETE <P>/subpart/:id`: off a draft's bill; the other lines keep their positions. */
export async function removeSubpart(ctx: Context, id: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const { revision } = await lockLineAssembly(tx, await lineOf(tx, id));
    requireDraft(revision);
    await tx.repo('subpart').delete(id);
    await tx.repo('part_revision').update(revision.id, { updated_at: ctx.clock.now() });
  });
}
