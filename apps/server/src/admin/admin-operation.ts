import type { BlobStore, Context } from '@pips/domain';
import type { VacuumReport } from '@pips/store-mikro-orm';
import type { BackupSource } from '../backup/write-backup';

/** What an administrative operation works with: the same services the running server has. */
export interface AdminServices {
  /** A domain context acting for the operator, with every permission. */
  readonly ctx: Context;
  /** Where attachments' bytes go: the same blob store the server serves them from. */
  readonly blobs: BlobStore;
  /** What a backup reads; absent on the memory store, which keeps nothing. */
  readonly backup?: BackupSource;
  /** Vacuums the database; absent on the memory store. */
  readonly vacuum?: () => Promise<VacuumReport>;
}

/** What an operation printed; a failed one throws `AdminFailure` (or a domain error). */
export interface AdminOutcome {
  readonly out: string;
}

/**
 * A CLI command on the data (tokens, an import, an attachment). It runs where the data is: in
 * the CLI's own process when it can open the store, or inside the running server when that
 * server holds the embedded database (docs/decisions.md, "CLI beside a running server").
 */
export interface AdminOperation {
  readonly name: string;
  run(services: AdminServices, args: Readonly<Record<string, string>>, input: AsyncIterable<Uint8Array>): Promise<AdminOutcome>;
}

/** An operation refused, with every problem on its own line; the CLI prints them and exits 1. */
export class AdminFailure extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
    this.name = 'AdminFailure';
  }
}

export const isAdminFailure = (error: unknown): error is AdminFailure => error instanceof AdminFailure;
