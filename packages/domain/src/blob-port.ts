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

/** A stored blob as a sweep judges it: its key and how many bytes removing it frees. */
export interface StoredBlob {
  readonly key: string;
  readonly size: number;
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
  /** What holds the bytes, as `/readyz` names it: `files` (DATA_DIR), `large_objects` (PostgreSQL), `memory`. */
  readonly kind: 'files' | 'large_objects' | 'memory';
  /**
   * Resolves when a put could store bytes now; rejects otherwise (a directory that cannot be
   * written, a full disk, a database that refuses writes), with the error's `code` where there is
   * one. A probe, not a scan: a few system calls or one statement, cheap enough for every readiness check.
   */
  probe(): Promise<void>;
  /**
   * Stores `content` under a new key and answers it with the size and MD5 counted on the way.
   * All or nothing: when `content` fails part way, or the bytes differ from `expect`, nothing is
   * kept and the promise rejects. The new blob is held for its writer until `release`: `list`
   * leaves it out meanwhile, so a sweep never takes a blob whose row is still being written.
   */
  put(content: ByteStream, expect?: { readonly size?: number; readonly md5?: string }): Promise<BlobInfo>;
  /** The writer is done with `key` (the row naming it is committed, or the blob deleted): from now on `list` may show it. */
  release(key: string): void;
  /**
   * Every blob stored at least `minAgeMs` ago, by the store's own clock, that no writer in this
   * process still holds: what a sweep may judge. Streamed, in no order; a blob deleted meanwhile
   * may or may not be in it.
   */
  list(options: { readonly minAgeMs: number }): AsyncIterable<StoredBlob>;
  /** The stored bytes (only `range` when given, which must lie inside the blob); null when no blob has `key`. */
  read(key: string, range?: ByteRange): Promise<ByteStream | null>;
  /** Removes the blob (and releases it); a missing key is no error, nor one another process removes at the same time. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Refuses bytes that differ from what the writer said to expect; every adapter checks the same way, before it keeps anything. */
export function checkExpectedBlob(found: { readonly size: number; readonly md5: string }, expect: { readonly size?: number; readonly md5?: string } | undefined): void {
  if (expect?.size !== undefined && expect.size !== found.size) throw new Error(`the blob has ${found.size} bytes, not the ${expect.size} expected`);
  if (expect?.md5 !== undefined && expect.md5.toLowerCase() !== found.md5) throw new Error(`the blob's md5 is ${found.md5}, not the ${expect.md5} expected`);
}
