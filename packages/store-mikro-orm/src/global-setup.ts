// Prepares the embedded database templates once per run; see pglite-templates.ts.
export { providePgliteTemplates as default } from './pglite-templates';
