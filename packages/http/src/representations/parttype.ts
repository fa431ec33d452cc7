import type { ParttypeRelated, Shown } from '@pips/domain';
import { form, text, verbatim } from '@pips/xml/forms';
import { bool, decimal, int, wire } from './values';

/** Parttype: one form for list and show (SPEC 2.7). There is no label resource, so label is empty. */
export const parttypeForm = form<Shown<'parttype', ParttypeRelated>>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  text('name', ({ row }) => row.name),
  verbatim('attrition', ({ row }) => decimal(row.attrition), wire.decimal),
  verbatim('is_non_material', ({ row }) => bool(row.is_non_material), wire.bool),
  verbatim('part_next', ({ row }) => int(row.part_next), wire.int),
  text('partnumber_key', ({ row }) => row.partnumber_key),
  verbatim('parent_id', ({ row }) => int(row.parent_id), wire.int),
  text('parent', ({ related }) => related.parentName),
  verbatim('parent_only', ({ row }) => bool(row.parent_only), wire.bool),
  verbatim('label_id', ({ row }) => int(row.label_id), wire.int),
  text('label', () => null),
]);
