import { context, trace } from '@opentelemetry/api';

/**
 * A pino mixin: the active span's ids on each line logged while a traced request runs (the OTel
 * log data model's `trace_id`, `span_id`), so its lines and its trace find each other.
 */
export function traceIds(): Record<string, string> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
