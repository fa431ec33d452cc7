/** A scalar `/readyz` reports under a check's element (`<engine>pglite</engine>`, `<queued>0</queued>`). */
export type ReadinessFact = readonly [name: string, value: string | number | boolean | null];

/** What asking a check learnt: facts, and a problem when what it found makes the server not ready. */
export interface ReadinessAnswer {
  readonly facts: readonly ReadinessFact[];
  /** Why not ready, in words fit for an unauthenticated reader: no path, host or secret. */
  readonly problem?: string;
}

/**
 * One thing `/readyz` checks, reported as an element of its body. `ask` is a probe (a statement,
 * a few system calls), run under the readiness timeout; a rejection is a failure, reported by
 * `failure` (public words), its message going to the log only.
 */
export interface ReadinessCheck {
  /** The element: `store`, `blobs`, `migrations`, `database_thread`. */
  readonly name: string;
  /** Facts known without asking (the engine, the kind), reported whatever the outcome. */
  readonly known: readonly ReadinessFact[];
  ask(): Promise<ReadinessAnswer>;
  /**
   * Reads state already in hand (a queue's length): asked before the others, so their own
   * statements are not in what it reports.
   */
  readonly first?: boolean;
  /** What a failed ask is called in the body: a fixed phrase, the error's code appended where it has one. */
  readonly failure: string;
  /** The log lines where an outage of this check begins and where it ends. */
  readonly lost: string;
  readonly back: string;
}

/** A code short and plain enough to show anyone (`EACCES`, `ECONNREFUSED`, `57P01`); never a message. */
const PUBLIC_CODE = /^[A-Za-z0-9_]{1,32}$/;

/** `failure`, with the error's code when it has a plain one: the body's reason for a failed check. */
export function publicReason(failure: string, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && PUBLIC_CODE.test(code) ? `${failure} (${code})` : failure;
}
