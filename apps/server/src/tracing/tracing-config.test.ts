import { describe, expect, it } from 'vitest';
import { readTracingConfig } from './tracing-config';

function read(env: Record<string, string>) {
  const problems: string[] = [];
  return { tracing: readTracingConfig(env, problems), problems };
}

const DEFAULT_SAMPLER = { name: 'parentbased_always_on', ratio: 1 };

describe('readTracingConfig', () => {
  it('is off with no OTEL_* variable, or only a service name', () => {
    expect(read({})).toEqual({ tracing: null, problems: [] });
    expect(read({ OTEL_SERVICE_NAME: 'pips-eu' })).toEqual({ tracing: null, problems: [] });
  });

  it('is on with an OTLP endpoint, exporting OTLP as the spec defaults', () => {
    for (const name of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']) {
      expect(read({ [name]: 'http://127.0.0.1:4318' })).toEqual({ tracing: { exporters: ['otlp'], sampler: DEFAULT_SAMPLER }, problems: [] });
    }
  });

  it('is on with OTEL_TRACES_EXPORTER naming exporters, off with none or OTEL_SDK_DISABLED', () => {
    expect(read({ OTEL_TRACES_EXPORTER: 'console' }).tracing).toEqual({ exporters: ['console'], sampler: DEFAULT_SAMPLER });
    expect(read({ OTEL_TRACES_EXPORTER: 'otlp, console' }).tracing?.exporters).toEqual(['otlp', 'console']);
    expect(read({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toEqual({ tracing: null, problems: [] });
    expect(read({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toEqual({ tracing: null, problems: [] });
  });

  it('reads the sampler and its ratio', () => {
    expect(read({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' }).tracing?.sampler).toEqual({
      name: 'parentbased_traceidratio',
      ratio: 0.25,
    });
  });

  it('reads the attribute value length limit, the span-specific one first', () => {
    expect(read({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing).not.toHaveProperty('attributeValueLengthLimit');
    expect(read({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '512' }).tracing?.attributeValueLengthLimit).toBe(512);
    expect(
      read({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '512', OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT: '128' }).tracing?.attributeValueLengthLimit,
    ).toBe(128);
    expect(read({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: 'short' }).problems).toEqual([
      'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT must be a whole number of characters, got "short"',
    ]);
  });

  it('names each problem: an unknown exporter, a protocol it does not send, a bad sampler or ratio', () => {
    const { problems } = read({
      OTEL_TRACES_EXPORTER: 'zipkin,otlp',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_TRACES_SAMPLER: 'sometimes',
      OTEL_TRACES_SAMPLER_ARG: '2',
    });
    expect(problems).toEqual([
      'OTEL_TRACES_EXPORTER must be otlp, console or none, got "zipkin"',
      'OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf (the only one PIPS sends), got "grpc"',
      expect.stringMatching(/^OTEL_TRACES_SAMPLER must be one of always_on, .*, got "sometimes"$/),
    ]);
    expect(read({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' }).problems).toEqual([
      'OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, got "2"',
    ]);
  });
});
