import { NUMERIC_ATTRIBUTES, type PartRevisionAttribute, type RevisionView } from '@pips/domain';
import { textWithAttributes } from '@pips/xml';
import { form, named, text, verbatim, type NamedValue } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { bool, int, wire } from './values';

/** `x_mass` and `x_power` carry their number and, as the attribute `value_text`, what was written. */
function attributeValue(attribute: PartRevisionAttribute): NamedValue {
  if (!NUMERIC_ATTRIBUTES.includes(attribute.name)) return attribute.value;
  return textWithAttributes(attribute.value, [['value_text', attribute.value_text ?? '']]);
}

/** How the description shows the custom attributes: any `x_` name, text, `value_text` on the numeric ones. */
const customAttributes = {
  pattern: '^x_',
  schema: {
    type: 'string',
    description: `A custom attribute, in the order defined. ${NUMERIC_ATTRIBUTES.join(' and ')} hold a number and carry what was written as the attribute \`value_text\`.`,
  },
};

/**
 * A revision as `active_revision` (list) and `revision` (show) hold it: the scalars, then its
 * custom `x_` attributes in the order they were defined (SPEC 2.14).
 */
export const revisionForm = form<RevisionView, TimeFormat>([
  verbatim('id', ({ revision }) => int(revision.id), wire.int),
  text('revision_name', ({ revision }) => revision.revision_name),
  text('revision_description', ({ revision }) => revision.revision_description),
  verbatim('creator_id', ({ revision }) => int(revision.creator_id), wire.int),
  verbatim('released_at', ({ revision }, time) => revision.released_at && time.space(revision.released_at), wire.spaceTime),
  verbatim('releasor_id', ({ revision }) => int(revision.releasor_id), wire.int),
  text('comment', ({ revision }) => revision.comment),
  text('description', ({ revision }) => revision.description),
  verbatim('rohs', ({ revision }) => bool(revision.rohs), wire.bool),
  text('status', ({ revision }) => revision.status),
  named(({ attributes }) => attributes, (attribute) => attribute.name, attributeValue, customAttributes),
]);
