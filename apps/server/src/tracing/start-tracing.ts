import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import type { StatementRan } from '@pips/store-mikro-orm';
import { statementSpans } from './statement-spans';
import type { TracingConfig } from './tracing-config';

/** Tracing as the server uses it: the tracer for request spans, the store's hook for statement spans. */
export interface Tracing {
  readonly tracer: Tracer;
  readonly statementRan: StatementRan;
  /** Sends the spans still buffered, then unregisters the SDK. */
  shutdown(): Promise<void>;
}

function samplerOf({ name, ratio }: TracingConfig['sampler']): Sampler {
  const root = name.endsWith('always_off') ? new AlwaysOffSampler() : name.endsWith('traceidratio') ? new TraceIdRatioBasedSampler(ratio) : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/**
 * Loaded only when tracing is on (start-server imports it then), so a server without OTEL_*
 * variables loads no SDK. Registers the SDK with the API (AsyncLocalStorage context, W3C trace
 * context propagation). The OTLP exporter reads OTEL_EXPORTER_OTLP_* (endpoint, headers, timeout)
 * itself; the resource OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, service.name `pips` when
 * unset; OTEL_*ATTRIBUTE_VALUE_LENGTH_LIMIT, read by PIPS, cuts long values. `processors`: more span processors (a test's in-memory exporter).
 */
export function startTracing(config: TracingConfig, processors: readonly SpanProcessor[] = []): Tracing {
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'pips' }).merge(detectResources({ detectors: [envDetector] }));
  const exporting = config.exporters.map((name) => new BatchSpanProcessor(name === 'otlp' ? new OTLPTraceExporter() : new ConsoleSpanExporter()));
  const provider = new NodeTracerProvider({
    resource,
    sampler: samplerOf(config.sampler),
    spanProcessors: [...exporting, ...processors],
    ...(config.attributeValueLengthLimit !== undefined && { spanLimits: { attributeValueLengthLimit: config.attributeValueLengthLimit } }),
  });
  provider.register();
  const tracer = provider.getTracer('pips');
  return {
    tracer,
    statementRan: statementSpans(tracer),
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
