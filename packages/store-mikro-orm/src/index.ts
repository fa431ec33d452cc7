export { openMikroOrmStore, migrateDatabase, type MikroOrmStore } from './open-mikro-orm-store';
export { createDatabase, type CreateDatabaseResult } from './create-database';
export { StoreOpenError, isStoreOpenError, type OpenErrorKind } from './open-error';
export type { MikroOrmStoreOptions } from './engine';
export { postgresClientOptions } from './pg-tls';
export type { RateLimitOptions } from './postgres-rate-limiter';
export type { PoolStats } from './pool-stats';
export type { StatementRan, StatementRun } from './sql/statement-ran';
