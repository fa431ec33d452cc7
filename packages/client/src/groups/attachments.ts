import { splitCallOptions, type CallOptions } from '../call-options';
import { operations } from '../operations';
import type { Page, PageRequest } from '../pagination';
import { attachment, attachmentLink } from '../shapes/attachments';
import type { Transport } from '../transport/transport';
import type { Attachment, AttachmentLink, Download } from '../types/attachments';
import { pagedReader } from './paged';

/** SPEC 4.9 (beta): attachments, read only, and their files through signed links. */
export interface AttachmentsGroup {
  list(options?: CallOptions): Promise<Attachment[]>;
  page(request?: PageRequest & CallOptions): Promise<Page<Attachment>>;
  all(options?: { readonly per_page?: number } & CallOptions): AsyncGenerator<Attachment, void, undefined>;
  show(id: number, options?: CallOptions): Promise<Attachment>;
  /** A signed link to the file, valid 10 minutes; `inline` unless `attachment` is asked for. */
  downloadUri(id: number, options?: { readonly content_disposition?: 'inline' | 'attachment' } & CallOptions): Promise<AttachmentLink>;
  /**
   * The file a link names (its `uri`, or the link itself), streamed; `range` asks for one byte
   * range (`bytes=0-99`), answered 206. The link is the credential: no token is sent. A link that
   * expired or was altered is a 403. The timeout ends when the headers arrive; the `signal` also
   * stops the body's stream.
   */
  download(link: AttachmentLink | string, options?: { readonly range?: string } & CallOptions): Promise<Download>;
}

const headerCount = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

export function attachmentsGroup(transport: Transport): AttachmentsGroup {
  const routes = operations.attachments;
  const reader = pagedReader(transport, routes, 'attachments', 'attachment', attachment);
  return {
    list: (options) => reader.list({}, {}, options ?? {}),
    page: (request) => {
      const { call, rest } = splitCallOptions<PageRequest>(request);
      return reader.page({}, {}, rest, call);
    },
    all: (options) => {
      const { call, rest } = splitCallOptions<{ readonly per_page?: number }>(options);
      return reader.all({}, {}, rest.per_page, call);
    },
    show: (id, options) => transport.document(routes.show, { params: { id }, options }, 'attachment', attachment),
    downloadUri: (id, options) => {
      const { call, rest } = splitCallOptions<{ readonly content_disposition?: 'inline' | 'attachment' }>(options);
      return transport.document(routes.downloadUri, { params: { id }, query: { content_disposition: rest.content_disposition }, options: call }, 'attachment_link', attachmentLink);
    },
    async download(link, options) {
      const { call, rest } = splitCallOptions<{ readonly range?: string }>(options);
      const response = await transport.fetchLink(routes.download, typeof link === 'string' ? link : link.uri, rest.range ? { Range: rest.range } : {}, call);
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
