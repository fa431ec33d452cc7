import { fields, type XmlFields, type XmlNode } from '@pips/xml';
import type { Logger } from '../app-state';
import { publicReason, type ReadinessCheck, type ReadinessFact } from './readiness-check';

/** One check's outcome: its element, and for the log the detail behind a failure. */
interface CheckOutcome {
  readonly check: ReadinessCheck;
  readonly ready: boolean;
  readonly node: XmlFields;
  /** For the log only: the error's own message (it may name a path or a host). */
  readonly detail?: string;
}

export interface ReadinessReport {
  readonly ready: boolean;
  /** `<health>`'s content: the overall status, then one element per check. */
  readonly node: XmlFields;
}

class TimedOut extends Error {}

/** `work`, or a rejection once `ms` have passed: a check that hangs is as unready as one that fails. */
async function within<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const element = (status: string, facts: readonly ReadinessFact[], reason?: string): XmlFields =>
  fields([['status', status], ...facts.map(([name, value]): [string, XmlNode] => [name, value === null ? null : String(value)]), ...(reason === undefined ? [] : [['reason', reason] as const])]);

async function run(check: ReadinessCheck, ms: number): Promise<CheckOutcome> {
  try {
    const { facts, problem } = await within(() => check.ask(), ms);
    const all = [...check.known, ...facts];
    if (problem === undefined) return { check, ready: true, node: element('ok', all) };
    return { check, ready: false, node: element('unavailable', all, problem), detail: problem };
  } catch (error) {
    const reason = error instanceof TimedOut ? `${check.failure}: ${error.message}` : publicReason(check.failure, error);
    return { check, ready: false, node: element('unavailable', check.known, reason), detail: messageOf(error) };
  }
}

/**
 * Runs every check at once, each within `ms`, and answers what `/readyz` says. Probes that arrive
 * while one runs share its answer, so a crowd of probes costs one round of checks. An outage is
 * logged where it begins (`warn`, with the reason) and where it ends (`info`), per check, not at
 * every probe.
 */
export function readiness(checks: readonly ReadinessCheck[], logger: Logger, ms: number): (requestId: string) => Promise<ReadinessReport> {
  const down = new Set<string>();
  let running: Promise<ReadinessReport> | null = null;

  async function evaluate(requestId: string): Promise<ReadinessReport> {
    const started = new Map<ReadinessCheck, Promise<CheckOutcome>>();
    for (const check of checks) if (check.first) started.set(check, run(check, ms));
    for (const check of checks) if (!check.first) started.set(check, run(check, ms));
    const outcomes = await Promise.all(checks.map((check) => started.get(check)!));
    for (const { check, ready, detail } of outcomes) {
      if (ready && down.delete(check.name)) logger.info({ request_id: requestId, check: check.name }, check.back);
      if (!ready && !down.has(check.name)) {
        down.add(check.name);
        logger.warn({ request_id: requestId, check: check.name, reason: detail }, check.lost);
      }
    }
    const ready = outcomes.every((o) => o.ready);
    return { ready, node: fields([['status', ready ? 'ok' : 'unavailable'], ...outcomes.map((o): [string, XmlNode] => [o.check.name, o.node])]) };
  }

  return (requestId) => {
    running ??= evaluate(requestId).finally(() => {
      running = null;
    });
    return running;
  };
}
