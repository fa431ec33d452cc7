import type { ParttypeRelated, Shown } from '@pips/domain';
import { form, text, verbatim } from '@pips/xml/forms';
import { bool, decimal, int } from './values';

/** Parttype: one form for list and show (SPEC 2.7). There is no label resource, so label is empty. */
export const parttypeForm = form<Shown<'parttype', ParttypeRelated>>([
  verbatim('id', ({ row }) => int(row.id)),
  text('name', ({ row }) => row.name),
  verbatim('attrition', ({ row }) => decimal(row.attrition)),
  verbatim('is_non_material', ({ row }) => bool(row.is_non_material)),
  verbatim('part_next', ({ row }) => int(row.part_next)),
  text('partnumber_key', ({ row }) => row.partnumber_key),
  verbatim('parent_id', ({ row }) => int(row.parent_id)),
  text('parent', ({ related }) => related.parentName),
  verbatim('parent_only', ({ row }) => bool(row.parent_only)),
  verbatim('label_id', ({ row }) => int(row.label_id)),
  verbatim('label', () => null),
]);
