import { messages } from '../errors';
import { parseCreate, problems, type Fields } from '../parse-input';
import { parseParent, type ParentName } from './attachment-parent';
import { isMediaType } from './media-type';

/** What `pips attach` (and the harness) send along with the bytes. */
export interface AttachRequest {
  /** The owner's path: `part/12`, `parts/12/revisions/34`, `manufacturer/3`… */
  readonly parent: string;
  readonly title: string;
  /** The file's own name, offered when it is downloaded. */
  readonly filename: string;
  readonly contentType: string;
  readonly noteType?: string | null;
}

const fields = {
  title: { type: 'string', required: true },
  filename: { type: 'string', required: true },
  content_type: { type: 'string', required: true },
  note_type: { type: 'string' },
} as const;

/** An attach, typed: the owner named by its path, and the row's own fields. */
export interface AttachInput extends Fields<typeof fields> {
  readonly parent: ParentName;
}

/** The parse step of an attach: a 400 naming every problem (a bad owner path, a field, a content type that is no media type). No store. */
export function parseAttach(request: AttachRequest): AttachInput {
  const found = problems();
  const parent = parseParent(request.parent);
  if (!parent) found.add(messages.badParent());
  const input = parseCreate(fields, { title: request.title, filename: request.filename, content_type: request.contentType, note_type: request.noteType }, found);
  // Downloads are labelled with it: a value that is no media type would make every download fail.
  // (A field that failed its own check is left out of `input`.)
  const contentType: unknown = input.content_type;
  if (typeof contentType === 'string' && !isMediaType(contentType)) found.add(messages.notAMediaType('content_type'));
  found.check();
  return { ...input, parent: parent! };
}
