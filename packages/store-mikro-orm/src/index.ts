export { openMikroOrmStore, migrateDatabase, type MikroOrmStore } from './open-mikro-orm-store';
export { createDatabase, type CreateDatabaseResult } from './create-database';
export { StoreOpenError, isStoreOpenError, type OpenErrorKind } from './open-error';
export type { MikroOrmStoreOptions } from './engine';
export type { RateLimitOptions } from './postgres-rate-limiter';
export type { PoolStats } from './pool-stats';
export type { DatabaseCopy } from './backup/database-copy';
export type { SnapshotReader, TableInfo, SequenceValue, AttachmentBlob } from './backup/snapshot-reader';
export type { RestoreWriter, RestoreTarget } from './backup/restore-writer';
