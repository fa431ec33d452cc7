import { messages } from '../../errors';
import { asInput } from '../../fields';
import { parseChanges, parseCreate, parseListField, problems } from '../../parse-input';

export const UNIT_ACTIONS = ['keep', 'dispose'] as const;
export const ANCESTOR_ACTIONS = ['up', 'keep'] as const;

export interface UnitChoice {
  readonly id: number;
  readonly action: (typeof UNIT_ACTIONS)[number];
  readonly disposition_comment: string | null;
}

export interface AncestorChoice {
  readonly id: number;
  readonly action: (typeof ANCESTOR_ACTIONS)[number];
}

export interface ReleaseInput {
  /** Sent only to change them (absent: unchanged). */
  readonly rename: { revision_name?: string; revision_description?: string | null };
  readonly units: readonly UnitChoice[];
  readonly ancestors: readonly AncestorChoice[];
  /** `bypass_part_ancestor_up_rev_guard=true`: a release may give ancestors new drafts. */
  readonly bypassAncestorGuard: boolean;
}

/** SPEC 4.7: only this exact value lifts the ancestor guard (DESIGN 4: any other value counts as absent). */
const BYPASS = 'true';

export const renameFields = { revision_name: { type: 'string' }, revision_description: { type: 'text' } } as const;
export const unitFields = { id: { type: 'int', required: true }, action: { type: 'string', required: true }, disposition_comment: { type: 'text' } } as const;
export const ancestorFields = { id: { type: 'int', required: true }, action: { type: 'string', required: true } } as const;

function action<const A extends readonly string[]>(raw: string, allowed: A, found: { add(...m: string[]): void }): A[number] {
  const text = raw.trim().toLowerCase();
  if ((allowed as readonly string[]).includes(text)) return text;
  found.add(messages.badAction(allowed));
  return allowed[0] as A[number];
}

/**
 * The parse step of a release: an optional rename, the units and ancestors it lists (a 400 naming
 * every problem), and the query's `bypass_part_ancestor_up_rev_guard`.
 */
export function parseRelease(raw: unknown, bypassGuard?: unknown): ReleaseInput {
  const found = problems();
  const input = asInput(raw);
  const { revision_name, revision_description } = parseChanges(renameFields, input, found);
  if (revision_name === null) found.add(messages.blank('revision_name'));
  const rename = {
    ...(typeof revision_name === 'string' && { revision_name }),
    ...(revision_description !== undefined && { revision_description }),
  };
  // A unit or an ancestor is listed once, however often it is sent: two different choices for one are a problem.
  const units = parseListField(
    input,
    'inventory_units',
    found,
    (item, own) => {
      const unit = parseCreate(unitFields, item, own);
      return { id: unit.id, action: action(unit.action ?? '', UNIT_ACTIONS, own), disposition_comment: unit.disposition_comment };
    },
    { distinctBy: 'id' },
  );
  const ancestors = parseListField(
    input,
    'part_ancestors',
    found,
    (item, own) => {
      const ancestor = parseCreate(ancestorFields, item, own);
      return { id: ancestor.id, action: action(ancestor.action ?? '', ANCESTOR_ACTIONS, own) };
    },
    { distinctBy: 'id' },
  );
  found.check();
  return { rename, units, ancestors, bypassAncestorGuard: bypassGuard === BYPASS };
}
