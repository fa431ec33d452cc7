import { permissions, systemClock } from '@pips/domain';
import type { Config } from '../config';
import type { OpenedStore } from '../open-store';
import type { AdminServices } from './admin-operation';

/** The operator an administrative operation acts as: every permission, written as token 0. */
const OPERATOR = { tokenId: 0, name: 'pips cli', permissions: new Set(permissions), readOnly: false };

/** The services an operation gets, from the store the server or the CLI opened. */
export function adminServices(opened: Pick<OpenedStore, 'store' | 'blobs' | 'copy' | 'holdBlobDeletes' | 'vacuum'>, config: Pick<Config, 'siteCurrency' | 'siteTimezone'>): AdminServices {
  const site = { currency: config.siteCurrency, timeZone: config.siteTimezone };
  const ctx = { store: opened.store, clock: systemClock, actor: OPERATOR, site };
  const backup = opened.copy && { copy: opened.copy, blobs: opened.blobs, ...(opened.holdBlobDeletes && { holdDeletes: opened.holdBlobDeletes }) };
  return { ctx, blobs: opened.blobs, ...(backup && { backup }), ...(opened.vacuum && { vacuum: opened.vacuum }) };
}
