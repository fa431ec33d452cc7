// Prepares the embedded database templates once per run (see @pips/store-mikro-orm/test).
export { providePgliteTemplates as default } from '@pips/store-mikro-orm/test';
