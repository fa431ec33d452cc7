import { resolve } from 'node:path';

/**
 * Where a server on the embedded database listens for the CLI: beside the database, so only
 * whoever may read DATA_DIR may reach it.
 */
export const adminSocketPath = (dataDir: string): string => resolve(dataDir, 'admin.sock');
