export { providePgliteTemplates as default } from '@pips/store-mikro-orm/test';
