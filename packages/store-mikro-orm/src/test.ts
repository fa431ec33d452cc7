// `@pips/store-mikro-orm/test`: test support for other packages; not part of the store's surface.
export { copyDataDir, copyPgliteTemplate, createPgliteTemplates, providePgliteTemplates } from './pglite-templates';
export type { DataDirCopy, PgliteTemplate, PgliteTemplates } from './pglite-templates';
export { openInTest, pgliteDataDir, runInTest } from './test-scope';
export { postgresSuites } from './postgres-suites';
export { startTlsCluster, tlsClusterSuites, type TlsCluster } from './tls-cluster';
