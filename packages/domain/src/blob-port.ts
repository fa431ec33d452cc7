/** Bytes as they come: read a chunk at a time, so no file is ever held whole in memory. */
export type ByteStream = AsyncIterable<Uint8Array>;

/** What a blob store knows of one stored file. */
export interface BlobInfo {
  readonly key: string;
  /** Bytes. */
  readonly size: number;
  /** MD5 of the bytes, lowercase hex. */
  readonly md5: string;
}

/** The first and last byte to read, both inclusive, as HTTP ranges count (`bytes=0-99` is 100 bytes). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Where attachments' bytes live (DESIGN 4): in PostgreSQL when the server runs on it, so every
 * server process serves the same files; under DATA_DIR on the embedded default; in memory for
 * the harness. Every adapter passes the blob contract of `@pips/store-contract`.
 */
export interface BlobStore {
  /**
   * Stores `content` under a new key and answers it with the size and MD5 counted on the way.
   * All or nothing: when `content` fails part way, or the bytes differ from `expect`, nothing is
   * kept and the promise rejects.
   */
  put(content: ByteStream, expect?: { readonly size?: number; readonly md5?: string }): Promise<BlobInfo>;
  /** The stored bytes (only `range` when given, which must lie inside the blob); null when no blob has `key`. */
  read(key: string, range?: ByteRange): Promise<ByteStream | null>;
  /** Removes the blob; a missing key is no error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}
