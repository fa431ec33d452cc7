import { commandPermissions, requestFields, requestValues } from '@pips/domain';
import type { CompiledElement } from '@pips/xml/forms';
import { emptyResponse, listOf, single, type Operation } from '../operation';
import { integerQuery, textQuery } from '../parameters';

const tag = 'Part revisions';
type Element = CompiledElement<never, never>;

/** SPEC 4.7. */
export function revisionOperations(listed: Element, shown: Element, ancestor: Element) {
  const revision = single(shown, 'PartRevision');
  return {
    list: { id: 'listRevisions', summary: "List a part's revisions", tag, response: listOf('part_revisions', listed, 'PartRevisionListed') },
    show: { id: 'showRevision', summary: 'Show a revision with its part and bill', tag, response: revision },
    ancestors: {
      id: 'listPartAncestors',
      summary: 'List the parts whose current revision lists this part',
      tag,
      response: listOf('part_ancestors', ancestor, 'PartAncestor'),
    },
    create: {
      id: 'createRevision',
      summary: 'Create a draft revision copied from another',
      tag,
      query: [
        integerQuery('id', 'The source revision.', true),
        textQuery('copy_subparts', 'Copy the bill (default true).', { type: 'string', enum: ['true', 'false', '1', '0'] }),
      ],
      body: { root: 'part_revision', required: false, shape: { fields: requestFields.newRevision, mode: 'create' } },
      response: revision,
      refusedWhen: 'Refused (422) when the part already has a draft, or the bill copied would make the part contain itself (only a bill written before loops were refused can).',
    },
    delete: {
      id: 'deleteRevision',
      summary: 'Delete a draft revision',
      tag,
      response: emptyResponse,
      refusedWhen: "Refused (422) for a released revision, the part's last one, or one a bill uses.",
    },
    addSubparts: {
      id: 'addSubparts',
      summary: "Add lines to a draft revision's bill",
      tag,
      permission: commandPermissions.billChange,
      body: {
        root: 'part_revision',
        required: true,
        shape: {
          fields: requestFields.addSubparts,
          mode: 'create',
          lists: { subparts: { item: 'subpart', shape: { fields: requestFields.addedSubpart, mode: 'create' } } },
        },
      },
      response: revision,
      itemErrors: { root: 'subparts', item: 'subpart' },
      refusedWhen: 'Refused (422) when the revision is not a draft, or a line would make a part contain itself, at any depth.',
    },
    release: {
      id: 'releaseRevision',
      summary: 'Release a draft revision',
      description: 'Listed inventory units are kept or disposed; ancestors not listed `keep` are brought up to the released revision.',
      tag,
      query: [
        textQuery('bypass_part_ancestor_up_rev_guard', '`true` allows new drafts of ancestors; anything else counts as absent.', { type: 'string', enum: ['true'] }),
      ],
      body: {
        root: 'part_revision',
        required: false,
        shape: {
          fields: requestFields.releaseRename,
          mode: 'update',
          lists: {
            inventory_units: {
              item: 'inventory_unit',
              shape: { fields: requestFields.releaseUnit, mode: 'create', extra: { action: { type: 'string', enum: [...requestValues.releaseUnitActions] } } },
            },
            part_ancestors: {
              item: 'part_ancestor',
              shape: { fields: requestFields.releaseAncestor, mode: 'create', extra: { action: { type: 'string', enum: [...requestValues.releaseAncestorActions] } } },
            },
          },
        },
      },
      response: emptyResponse,
      refusedWhen:
        'Refused (422) when the revision is not a draft, when ancestors would get new drafts without the bypass, or when an ancestor brought up to it would contain its own part, at any depth.',
    },
  } satisfies Record<string, Operation>;
}

/** An extension: the exploded bill. */
export function bomOperation(bom: Element): Operation {
  return {
    id: 'explodeBom',
    summary: 'Explode a bill of materials with its cost roll-up',
    description: 'Every line depth first with its depth, path and extended quantity; unit and extended cost on leaves; then the roll-up. See docs/decisions.md, "Exploded bills".',
    tag: 'Bills of material',
    extension: true,
    query: [
      textQuery('levels', `\`all\` (default) or how many levels to list, 1 to ${requestValues.maxBillDepth}; the roll-up always covers the whole bill.`, { type: 'string' }),
    ],
    response: single(bom, 'Bom'),
    refusedWhen: `Refused (422) for a bill of more than ${requestValues.maxBomLines} lines (one per path) or nested deeper than ${requestValues.maxBillDepth} levels: the bounds of this read, named in the message; a bill may be built deeper.`,
  };
}

/** SPEC 4.4. */
export function subpartOperations(subpart: Element) {
  // Only adding a line needs the permission (SPEC 5); changing or removing one needs a valid token.
  const tag = 'Subparts';
  const draftOnly = 'Refused (422) when the revision is not a draft, or the line would make a part contain itself, at any depth.';
  return {
    create: {
      id: 'createSubpart',
      summary: "Add a line to a draft revision's bill",
      tag,
      permission: commandPermissions.billChange,
      body: { root: 'subpart', required: true, shape: { fields: requestFields.subpart, mode: 'create' } },
      response: single(subpart, 'Subpart'),
      refusedWhen: draftOnly,
    },
    update: {
      id: 'updateSubpart',
      summary: 'Change a bill line',
      tag,
      body: { root: 'subpart', required: true, shape: { fields: requestFields.subpartChange, mode: 'update' } },
      response: single(subpart, 'Subpart'),
      refusedWhen: draftOnly,
    },
    delete: { id: 'deleteSubpart', summary: 'Remove a bill line', tag, response: emptyResponse, refusedWhen: 'Refused (422) when the revision is not a draft.' },
  } satisfies Record<string, Operation>;
}
