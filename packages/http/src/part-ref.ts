import { errors, messages, type PartRef } from '@pips/domain';
import { isXmlText } from '@pips/xml';
import type { AppContext } from './app-state';
import { pathId } from './path-id';

/** The part a path names: `:id`, or with `find_by=partnumber` the part number `:id` carries. */
export function partRef(ctx: AppContext): PartRef {
  const findBy = ctx.state.params.find_by;
  if (findBy === undefined || findBy === null || findBy === '') return { id: pathId('Part', ctx.params.id) };
  if (findBy !== 'partnumber') throw errors.badRequest(messages.invalidParameter('find_by'));
  const partnumber = ctx.params.id ?? '';
  // No body can store a part number XML cannot carry, and PostgreSQL refuses a NUL outright.
  if (!isXmlText(partnumber)) throw errors.notFoundBy('Part', 'partnumber', partnumber);
  return { partnumber };
}
