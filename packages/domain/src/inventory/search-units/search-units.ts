import type { Context } from '../../context';
import type { Input } from '../../fields';
import { DEFAULT_PER_PAGE, paginate, parsePageRequest, type Pagination } from '../../paging';
import { requirePermission } from '../../permissions';
import type { Condition } from '../../ports';
import { count, many, ref, type Plan, type PlanWhere } from '../../read-plan';
import type { InventoryUnit } from '../../records';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { unitPlaceEntries, unitViewsOf, type InventoryUnitView } from '../unit-view';
import { parseSearchTerms, SEARCH_FIELDS, type Comparison, type SearchTerm } from './search-query';

export interface UnitSearch {
  readonly units: readonly InventoryUnitView[];
  readonly pagination: Pagination;
}

/** Each comparison as the store's case-insensitive, literal text condition. */
const CONDITIONS: Record<Comparison, (term: string) => Condition<string>> = {
  contains: (term) => ({ $contains: term }),
  equals: (term) => ({ $equalsText: term }),
  starts_with: (term) => ({ $startsWith: term }),
  ends_with: (term) => ({ $endsWith: term }),
};

type UnitWhere = PlanWhere<InventoryUnit>;

/**
 * The plan's conditions for `terms`, OR-ed: a unit field is a condition on the unit; the part
 * number one on the parts an extra entry finds first. Returns those entries and the condition.
 */
function searchWhere(terms: readonly SearchTerm[]): { parts: Plan; where: UnitWhere } {
  if (terms.length === 0) return { parts: {}, where: {} };
  const parts: Plan = {};
  const branches: UnitWhere[] = [];
  terms.forEach((term, n) => {
    const condition = CONDITIONS[term.comparison](term.term);
    for (const field of term.field ? [term.field] : SEARCH_FIELDS) {
      if (field !== 'partnumber') {
        branches.push({ [field]: condition } as UnitWhere);
        continue;
      }
      const entry = `parts${n}`;
      parts[entry] = many('part', { partnumber: condition }, { columns: ['id'] });
      branches.push({ part_id: ref(entry, 'id') });
    }
  });
  return { parts, where: { $or: branches } };
}

/**
 * DESIGN 3 `GET <P>/inventory_units/search`: units matching any triple, in id order, always a
 * page (25 unless asked): the matching parts, the page, its places and the count in one statement.
 */
export async function searchInventoryUnits(ctx: Context, query: Input): Promise<UnitSearch> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  const terms = parseSearchTerms(query);
  const page = parsePageRequest(query) ?? { page: 1, perPage: DEFAULT_PER_PAGE };
  const { parts, where } = searchWhere(terms);
  const loaded = await ctx.store.read((tx) =>
    tx.load({
      ...parts,
      units: many('inventory_unit', where, { limit: page.perPage, offset: (page.page - 1) * page.perPage }),
      total: count('inventory_unit', where),
      ...unitPlaceEntries('units'),
    }),
  );
  return { units: unitViewsOf(loaded.units, loaded), pagination: paginate(page, loaded.total) };
}
