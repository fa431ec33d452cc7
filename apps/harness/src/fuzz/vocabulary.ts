import type { ApiRoute } from '@pips/http';
import { parseXml, type Params } from '@pips/xml';
import type { SeedData } from './seed';
import type { Snapshot } from './snapshot';

/** What random requests are made of: names and values the API knows, taken from its own answers. */
export interface Vocabulary {
  /** Element names the API writes (every field a representation shows), and those only requests use. */
  readonly fields: readonly string[];
  /** Ids of seeded records and other words the API reads: part numbers, actions, statuses. */
  readonly words: readonly string[];
  readonly ids: readonly string[];
  /** Bodies to start from, by root: a record of each kind the API shows, and the bodies the seed sent. */
  readonly records: ReadonlyMap<string, readonly Params[]>;
}

/** Request fields no answer shows (SPEC 4: release and subpart bodies, inventory options, queries). */
const REQUEST_ONLY = [
  'remove_existing', 'subpart_part_revision_id', 'action', 'disposition_comment', 'generate_asset_id', 'adjustment_type',
  'inventory_record', 'comment', 'copy_subparts', 'bypass_part_ancestor_up_rev_guard', 'find_by', 'revision_id', 'part_ancestors',
  'inventory_sublocations', 'inventory_units', 'subparts', 'value', 'value_text', 'from_unit_id', 'to_unit_id', 'factor', 'valid_for',
  'currency_id', 'quantity_min', 'quantity_mult', 'part_number', 'x_mass', '__proto__', 'constructor',
];

const WORDS = [
  'keep', 'up', 'dispose', 'adjust', 'consume', 'partnumber', 'all', 'inline', 'attachment', 'contains', 'equals', 'starts_with',
  'ends_with', 'draft', 'pending', 'open', 'closed', 'Active', 'Draft', 'EUR', 'usd', '4k7', '10 uF', '1.5 mg', 'Europe/London',
];

export function vocabulary(data: SeedData, seen: Snapshot): Vocabulary {
  const names = new Set(REQUEST_ONLY);
  for (const text of seen.values()) for (const match of text.matchAll(/<([A-Za-z_][\w.-]*)[\s/>]/g)) names.add(match[1]!);
  names.delete('xml');
  const ids = [...new Set([...data.records.values()].flat().map((record) => record.id))];
  const records = shownRecords(seen);
  for (const [root, bodies] of data.bodies) records.set(root, [...(records.get(root) ?? []), ...bodies]);
  return { fields: [...names].sort(), words: [...WORDS, ...data.partnumbers], ids, records };
}

/** The first record shown of each kind: answers whose root holds one record (shows, not lists). */
function shownRecords(seen: Snapshot): Map<string, Params[]> {
  const records = new Map<string, Params[]>();
  for (const answer of seen.values()) {
    const [status, ...lines] = answer.split('\n');
    if (status !== '200') continue;
    for (const [root, value] of Object.entries(parseXml(lines.join('\n')))) {
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && !records.has(root)) records.set(root, [value]);
    }
  }
  return records;
}

/** Root elements a body for `route` might have: its path's resources, singular and joined (`part_revision`). */
export function rootsFor(route: ApiRoute): string[] {
  const segments = route.path.split('/').filter((s) => s !== '' && !s.startsWith(':')).map((s) => (s.endsWith('s') ? s.slice(0, -1) : s));
  const joined = segments.slice(1).map((segment, i) => `${segments[i]}_${segment}`);
  return [...new Set([...segments, ...joined])].filter((name) => /^[A-Za-z_][\w.-]*$/.test(name));
}
