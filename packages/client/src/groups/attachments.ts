import { operations } from '../operations';
import type { Page, PageRequest } from '../pagination';
import { attachment, attachmentLink } from '../shapes/attachments';
import type { Transport } from '../transport/transport';
import type { Attachment, AttachmentLink, Download } from '../types/attachments';
import { pagedReader } from './paged';

/** SPEC 4.9 (beta): attachments, read only, and their files through signed links. */
export interface AttachmentsGroup {
  list(): Promise<Attachment[]>;
  page(request?: PageRequest): Promise<Page<Attachment>>;
  all(options?: { readonly per_page?: number }): AsyncGenerator<Attachment, void, undefined>;
  show(id: number): Promise<Attachment>;
  /** A signed link to the file, valid 10 minutes; `inline` unless `attachment` is asked for. */
  downloadUri(id: number, options?: { readonly content_disposition?: 'inline' | 'attachment' }): Promise<AttachmentLink>;
  /**
   * The file a link names (its `uri`, or the link itself), streamed; `range` asks for one byte
   * range (`bytes=0-99`), answered 206. The link is the credential: no token is sent. A link that
   * expired or was altered is a 403.
   */
  download(link: AttachmentLink | string, options?: { readonly range?: string }): Promise<Download>;
}

const headerCount = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

export function attachmentsGroup(transport: Transport): AttachmentsGroup {
  const routes = operations.attachments;
  const reader = pagedReader(transport, routes, 'attachments', 'attachment', attachment);
  return {
    list: () => reader.list({}, {}),
    page: (request) => reader.page({}, {}, request ?? {}),
    all: (options) => reader.all({}, {}, options?.per_page),
    show: (id) => transport.document(routes.show, { params: { id } }, 'attachment', attachment),
    downloadUri: (id, options) =>
      transport.document(routes.downloadUri, { params: { id }, query: { content_disposition: options?.content_disposition } }, 'attachment_link', attachmentLink),
    async download(link, options) {
      const response = await transport.fetchLink(routes.download, typeof link === 'string' ? link : link.uri, options?.range ? { Range: options.range } : {});
      return {
        status: response.status,
        content_type: response.headers.get('content-type'),
        content_length: headerCount(response.headers.get('content-length')),
        content_disposition: response.headers.get('content-disposition'),
        content_range: response.headers.get('content-range'),
        etag: response.headers.get('etag'),
        body: response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() }),
      };
    },
  };
}
