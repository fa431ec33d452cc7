import type { NewRow } from '../ports';
import type { ApiToken } from '../records';

/** A token to store, but for the time it is created at: the clock is read only when it is written. */
export type TokenToStore = Omit<NewRow<ApiToken>, 'created_at'>;
