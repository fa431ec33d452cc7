import type { VacuumReport } from '@pips/store-mikro-orm';
import { AdminFailure, type AdminOperation } from './admin-operation';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The one line `pips db vacuum` prints. */
export function vacuumLine(report: VacuumReport): string {
  const done = `vacuumed and analysed ${report.tables} tables in ${(report.ms / 1000).toFixed(1)} s`;
  if (report.bytesBefore === undefined || report.bytesAfter === undefined) return `${done}\n`;
  return `${done}; the embedded database takes ${megabytes(report.bytesAfter)} (${megabytes(report.bytesBefore)} before)\n`;
}

/**
 * `pips db vacuum`: `VACUUM (ANALYZE)` of every table of PIPS's schema, and on the embedded
 * default a checkpoint, which lets it drop old write-ahead log. On the embedded default a running
 * server does it between its requests (it alone holds the database); on PostgreSQL the CLI does.
 */
export const dbVacuumOperation: AdminOperation = {
  name: 'db-vacuum',
  async run({ vacuum }) {
    if (!vacuum) throw new AdminFailure(['error: the memory store keeps nothing to vacuum']);
    return { out: vacuumLine(await vacuum()) };
  },
};
