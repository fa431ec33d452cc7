import { NUMERIC_ATTRIBUTES, type PartRevisionAttribute, type RevisionView } from '@pips/domain';
import { fields, textWithAttributes, type XmlFields, type XmlNode } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { bool, int } from './values';

/** `x_mass` and `x_power` carry their number and, as the attribute `value_text`, what was written. */
function attributeNode(attribute: PartRevisionAttribute): XmlNode {
  if (!NUMERIC_ATTRIBUTES.includes(attribute.name)) return attribute.value;
  return textWithAttributes(attribute.value, [['value_text', attribute.value_text ?? '']]);
}

/** The revision's scalars, then its custom `x_` attributes in the order they were defined (SPEC 2.14). */
export function revisionEntries({ revision, attributes }: RevisionView, time: TimeFormat): Array<readonly [string, XmlNode]> {
  return [
    ['id', int(revision.id)],
    ['revision_name', revision.revision_name],
    ['revision_description', revision.revision_description],
    ['creator_id', int(revision.creator_id)],
    ['released_at', revision.released_at && time.space(revision.released_at)],
    ['releasor_id', int(revision.releasor_id)],
    ['comment', revision.comment],
    ['description', revision.description],
    ['rohs', bool(revision.rohs)],
    ['status', revision.status],
    ...attributes.map((attribute) => [attribute.name, attributeNode(attribute)] as const),
  ];
}

/** A revision as `active_revision` (list) and `revision` (show) hold it. */
export function revisionForm(view: RevisionView, time: TimeFormat): XmlFields {
  return fields(revisionEntries(view, time));
}
