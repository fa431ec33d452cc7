import { permissions, systemClock, type Store } from '@pips/domain';
import type { Config } from '../config';
import type { AdminServices } from './admin-operation';

/** The operator an administrative operation acts as: every permission, written as token 0. */
const OPERATOR = { tokenId: 0, name: 'pips cli', permissions: new Set(permissions) };

/** The services an operation gets, from the store the server or the CLI opened. */
export function adminServices(store: Store, config: Pick<Config, 'siteCurrency'>): AdminServices {
  return { ctx: { store, clock: systemClock, actor: OPERATOR, site: { currency: config.siteCurrency } } };
}
