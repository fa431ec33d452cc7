import { requestFields } from '@pips/domain';
import type { CompiledElement } from '@pips/xml/forms';
import { emptyResponse, single, listOf, type BodyShape, type Operation, type PathParameter } from '../operation';
import { findByPartnumber, integerQuery, pageParameters, textQuery } from '../parameters';

const tag = 'Parts';

/** `:id` of the part-level paths: an id, or with `find_by=partnumber` a part number. */
export const partPathId: Readonly<Record<string, PathParameter>> = {
  id: { description: 'The part id; with `find_by=partnumber`, the part number.', schema: { type: 'string' } },
};

const revisionId = integerQuery('revision_id', 'The revision shown or changed; the active revision when absent.');

/** A part body (SPEC 2.13, 4.6): the part's fields, its revision's, custom attributes and alternates. */
function partBody(mode: 'create' | 'update'): BodyShape {
  return {
    fields: requestFields.part,
    mode,
    extra: {
      value_text: { type: 'string', description: 'A number with an optional SI prefix (`4k7`, `100 n`); sets `value`, which cannot be sent.' },
      x_packaging: { type: 'string', description: 'Kept on the revision, as its custom attribute.' },
    },
    nested: {
      revision: { fields: requestFields.revision, mode, named: { pattern: '^x_', schema: { type: 'string', description: 'A custom attribute.' } } },
    },
    lists: { alternate_parts: { item: 'alternate_part', shape: { fields: requestFields.alternatePart, mode: 'create' } } },
  };
}

/** SPEC 4.6. */
export function partOperations(listed: CompiledElement<never, never>, shown: CompiledElement<never, never>) {
  const part = single(shown, 'Part');
  return {
    list: {
      id: 'listParts',
      summary: 'List parts',
      description: 'Every part, streamed, or a page. The list form copies `comment`, `description` and `rohs` from the active revision (deprecated: read them from the revision).',
      tag,
      query: [
        ...pageParameters,
        textQuery('filter[updated_on][gte]', 'Parts updated at or after this ISO 8601 timestamp with an offset (`+` as `%2B`, `:` as `%3A`).', {
          type: 'string',
          format: 'date-time',
        }),
      ],
      response: listOf('parts', listed, 'PartListed', 'optional'),
    },
    show: { id: 'showPart', summary: 'Show a part', tag, pathParameters: partPathId, query: [revisionId, findByPartnumber], response: part },
    create: {
      id: 'createPart',
      summary: 'Create a part and its first revision',
      description: 'The first revision is a draft. Without `partnumber`, one is made from the part type (its prefix and next number).',
      tag,
      body: { root: 'part', required: true, shape: partBody('create') },
      response: part,
    },
    update: {
      id: 'updatePart',
      summary: 'Update a part and one of its revisions',
      tag,
      permissionWhen: { permission: 'edit_released_revisions', when: 'to change a released revision' },
      pathParameters: partPathId,
      query: [revisionId, findByPartnumber],
      body: { root: 'part', required: true, shape: partBody('update') },
      response: part,
      refusedWhen: "Refused (422) when changing unit_id to a unit of measure the part's stock has no conversion to.",
    },
    delete: {
      id: 'deletePart',
      summary: 'Delete a part',
      tag,
      pathParameters: partPathId,
      query: [findByPartnumber],
      response: emptyResponse,
      refusedWhen: 'Refused (422) while the part holds stock or a bill lists it.',
    },
  } satisfies Record<string, Operation>;
}
