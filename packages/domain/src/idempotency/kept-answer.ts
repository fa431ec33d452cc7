/**
 * What a request sent with an `Idempotency-Key` is answered, as a retry is given it again: the
 * status, the headers that say something of the answer, and the body. The domain keeps it as data
 * and knows nothing of HTTP.
 */
export interface KeptAnswer {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
}

/** A request's claim on its key: the row that holds it and the value only this run knows. */
export interface KeyClaim {
  readonly id: number;
  readonly claim: string;
}

/** A request as its key is claimed for it. */
export interface KeyRequest {
  /** The caller's token id: keys are scoped by it, never by the token's secret. */
  readonly tokenId: number;
  readonly key: string;
  /** A hash of what makes the request this one (method, path, query, body). */
  readonly requestHash: string;
  /** A value no other run has (a random UUID): the claim this run holds if it runs. */
  readonly claim: string;
}

/** How long a key and its answer are kept: a retry after that runs as a new request. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claimed key stays with its run before a retry may take it over, when that run has
 * neither kept its answer nor given the key back (its process ended). Taking over is safe at any
 * time (`marking-store.ts`): this only says how long a retry is told 409 first.
 */
export const CLAIM_LEASE_MS = 60 * 1000;

/** The states of a key's row, in the order a run goes through them. */
export const keyStates = {
  /** Claimed; the run has written nothing yet (or what it wrote was rolled back). */
  running: 'running',
  /** The run's change is committed (marked in the same transaction); its answer is not yet kept. */
  committed: 'committed',
  /** The answer is kept: a retry is given it. */
  done: 'done',
  /** The change is committed, and the answer will never be kept (a 5xx after the commit). */
  lost: 'lost',
} as const;

export function encodeHeaders(headers: KeptAnswer['headers']): string {
  return JSON.stringify(headers);
}

export function decodeHeaders(text: string | null): KeptAnswer['headers'] {
  if (text === null) return [];
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (pair): pair is [string, string] => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string',
  );
}
