export { openMikroOrmStore, migrateDatabase, type MikroOrmStore } from './open-mikro-orm-store';
export { createDatabase, type CreateDatabaseResult } from './create-database';
export { StoreOpenError, isStoreOpenError, type OpenErrorKind } from './open-error';
export type { MikroOrmStoreOptions } from './engine';
export { postgresClientOptions } from './pg-tls';
export type { RateLimitOptions } from './postgres-rate-limiter';
export type { PoolStats } from './pool-stats';
export type { MigrationLevel } from './migration-level';
export type { DatabaseThreadState } from './mikro-orm-store';
// The embedded database on a thread of its own, as the store runs it, for a process that speaks the protocol itself (the bench's floor).
export { startPgliteThread, type PgliteThread } from './pglite-thread';
export type { StatementRan, StatementRun } from './sql/statement-ran';
export type { DatabaseCopy } from './backup/database-copy';
export type { SnapshotReader, TableInfo, SequenceValue, AttachmentBlob } from './backup/snapshot-reader';
export type { RestoreWriter, RestoreTarget } from './backup/restore-writer';
export type { VacuumReport } from './upkeep';
