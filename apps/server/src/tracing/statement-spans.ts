import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { StatementRan } from '@pips/store-mikro-orm';

/** The statement's first word (`SELECT`, `WITH`, `INSERT`): a span name that never holds a value. */
function verbOf(text: string): string {
  return /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
}

/**
 * Each statement the store ran as a client span, a child of what was active when it was asked
 * for (the request's span): its text as the store sends it, parameters as `$n` and never their
 * values; the engine; on PGlite how long it waited for the session. Only within a traced request:
 * the statements of start-up and of the hourly sweeps would each be a trace of one span.
 */
export function statementSpans(tracer: Tracer): StatementRan {
  return (run) => {
    const parent = context.active();
    if (trace.getSpan(parent) === undefined) return;
    const verb = verbOf(run.text);
    const span = tracer.startSpan(
      verb,
      {
        kind: SpanKind.CLIENT,
        startTime: run.startedAt,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': verb,
          'db.query.text': run.text,
          'pips.db.engine': run.engine,
          ...(run.queueMs !== undefined && { 'pips.db.queue_ms': run.queueMs }),
          ...(run.errorCode !== undefined && { 'error.type': run.errorCode }),
        },
      },
      parent,
    );
    if (run.errorCode !== undefined) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(run.startedAt + run.durationMs);
  };
}
