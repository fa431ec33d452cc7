/** Settings of the one site this service keeps data for (SITE_CURRENCY, …), fixed at start. */
export interface Site {
  /** ISO 4217 code of costs and prices that name no currency. */
  readonly currency: string;
  /** IANA zone the site's calendar days are counted in (SITE_TIMEZONE); UTC when absent. */
  readonly timeZone?: string;
}

/** The codes this runtime knows (ISO 4217, from ICU), read once. */
const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** True for a known ISO 4217 code in capitals (`USD`, `EUR`). */
export function isCurrencyCode(code: string): boolean {
  return CURRENCY_CODES.has(code);
}
