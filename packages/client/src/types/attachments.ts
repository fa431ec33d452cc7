import type { IsoTimestamp } from './scalars';

/** SPEC 2.17: in a list, alone, and inside a part. */
export interface Attachment {
  readonly id: number;
  readonly created_by: string | null;
  readonly title: string;
  readonly note_type: string | null;
  readonly content_type: string;
  readonly position: number;
  readonly published_at: IsoTimestamp | null;
  readonly md5: string;
  readonly file_size: number;
  /** The owner's path in the API: `part/12`, `parts/12/revisions/34`, `manufacturer/3`, … */
  readonly parent_reference: string;
}

/** SPEC 2.18: a signed link to the file, valid until `expires_at` (10 minutes). */
export interface AttachmentLink {
  readonly uri: string;
  readonly created_at: IsoTimestamp;
  readonly expires_at: IsoTimestamp;
}

/** A file read through its link: its headers and its bytes as a stream. */
export interface Download {
  /** 200 for the whole file, 206 for a range. */
  readonly status: number;
  readonly content_type: string | null;
  readonly content_length: number | null;
  readonly content_disposition: string | null;
  readonly content_range: string | null;
  /** The file's md5, quoted. */
  readonly etag: string | null;
  readonly body: ReadableStream<Uint8Array>;
}
