import type { RevisionShowView } from '@pips/domain';
import { array, form, nested } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { partInRevisionForm } from './part';
import { subpartInPartForm } from './part-groups';
import { revisionForm } from './part-revision';

/** Revision show form (SPEC 2.14): the list form, then the part summary and the bill in its order. */
export const revisionShowForm = form<RevisionShowView, TimeFormat>([
  ...revisionForm.fields,
  nested('part', partInRevisionForm, (view) => view),
  array('subparts', 'subpart', subpartInPartForm, (view) => view.subparts),
]);
