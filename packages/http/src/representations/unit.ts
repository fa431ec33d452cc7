import type { Columns, Shown, UnitConversion, UnitRelated } from '@pips/domain';
import { array, form, text, verbatim } from '@pips/xml/forms';
import { bool, decimal, int, wire } from './values';

type ShownUnit = Shown<'unit', UnitRelated>;

/** The columns the unit list shows: all it reads. */
export const unitListColumns = ['id', 'name', 'description'] as const;

/** Unit list form (SPEC 2.8). */
export const unitListForm = form<Columns<'unit', (typeof unitListColumns)[number]>>([
  verbatim('id', ({ row }) => int(row.id), wire.int),
  text('name', ({ row }) => row.name),
  text('description', ({ row }) => row.description),
]);

/** A conversion from the unit shown. */
const conversionInUnitForm = form<UnitConversion>([
  verbatim('id', (c) => int(c.id), wire.int),
  verbatim('to_unit_id', (c) => int(c.to_unit_id), wire.int),
  verbatim('factor', (c) => decimal(c.factor), wire.decimal),
]);

/** Unit show form: the list form, allow_fractional and the conversions from this unit. */
export const unitShowForm = form<ShownUnit>([
  ...unitListForm.fields,
  verbatim('allow_fractional', ({ row }) => bool(row.allow_fractional), wire.bool),
  array('unit_conversions', 'unit_conversion', conversionInUnitForm, ({ related }) => related.conversions),
]);
