export { openMikroOrmStore, migrateDatabase } from './open-mikro-orm-store';
export type { MikroOrmStoreOptions } from './engine';
