import { PipsError } from '@pips/domain';
import type { ParamValue, Params } from '@pips/xml';
import { httpMessages } from './http-messages';

/**
 * The resource's own part of the request, `params[root]`: an XML body whose root is `<root>`, or
 * form and query keys `root[…]`. The domain validates what it holds; an empty `<root/>` names no
 * field. A request without it names nothing to change, so an update without it is a 400; so is a
 * create that sends parameters of another root. A create with no parameters at all passes, and
 * the domain then lists the fields it needs.
 */
export function resourceBody(params: Params, root: string, operation: 'create' | 'update'): ParamValue | undefined {
  if (Object.hasOwn(params, root)) return params[root];
  if (operation === 'create' && Object.keys(params).length === 0) return undefined;
  throw new PipsError('bad_request', [httpMessages.expectedRoot(root)]);
}
