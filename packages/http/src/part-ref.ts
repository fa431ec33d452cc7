import { errors, messages, type PartRef } from '@pips/domain';
import type { AppContext } from './app-state';
import { pathId } from './path-id';

/** The part a path names: `:id`, or with `find_by=partnumber` the part number `:id` carries. */
export function partRef(ctx: AppContext): PartRef {
  const findBy = ctx.state.params.find_by;
  if (findBy === undefined || findBy === null || findBy === '') return { id: pathId('Part', ctx.params.id) };
  if (findBy !== 'partnumber') throw errors.badRequest(messages.invalidParameter('find_by'));
  return { partnumber: ctx.params.id ?? '' };
}
