/** What the standard OTEL_* variables ask of tracing, once checked. */
export interface TracingConfig {
  /** OTEL_TRACES_EXPORTER: where spans go (OTLP over HTTP with protobuf, or stdout). */
  readonly exporters: ReadonlyArray<'otlp' | 'console'>;
  /** OTEL_TRACES_SAMPLER and its argument; default parentbased_always_on, as the spec's. */
  readonly sampler: { readonly name: SamplerName; readonly ratio: number };
  /**
   * OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT (else OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT): longer
   * attribute values are cut (a statement's text); undefined: no limit, as the spec's default.
   */
  readonly attributeValueLengthLimit?: number;
}

export const samplerNames = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type SamplerName = (typeof samplerNames)[number];

type Env = Readonly<Record<string, string | undefined>>;

const EXPORTERS = ['otlp', 'console', 'none'] as const;

/**
 * Tracing is off unless asked for (docs/decisions.md, "Traces"): OTEL_TRACES_EXPORTER naming an
 * exporter other than `none`, or an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) with OTEL_TRACES_EXPORTER unset, whose spec default is
 * `otlp`. OTEL_SDK_DISABLED=true turns it off whatever else is set. OTEL_SERVICE_NAME alone does
 * not: it is often set for every signal. Null when off; problems are pushed, as the rest of the
 * configuration's.
 */
export function readTracingConfig(env: Env, problems: string[]): TracingConfig | null {
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  if (value('OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return null;
  const exporterText = value('OTEL_TRACES_EXPORTER');
  const endpoint = value('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? value('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (exporterText === undefined && endpoint === undefined) return null;
  const named = (exporterText ?? 'otlp').split(',').map((name) => name.trim().toLowerCase());
  const unknown = named.filter((name) => !(EXPORTERS as readonly string[]).includes(name));
  if (unknown.length > 0) problems.push(`OTEL_TRACES_EXPORTER must be otlp, console or none, got "${unknown.join(',')}"`);
  const exporters = [...new Set(named.filter((name): name is 'otlp' | 'console' => name === 'otlp' || name === 'console'))];
  if (exporters.includes('otlp')) {
    const protocol = value('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? value('OTEL_EXPORTER_OTLP_PROTOCOL') ?? 'http/protobuf';
    if (protocol !== 'http/protobuf') problems.push(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf (the only one PIPS sends), got "${protocol}"`);
  }
  const samplerText = (value('OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on').toLowerCase();
  if (!(samplerNames as readonly string[]).includes(samplerText)) {
    problems.push(`OTEL_TRACES_SAMPLER must be one of ${samplerNames.join(', ')}, got "${samplerText}"`);
  }
  const ratioText = value('OTEL_TRACES_SAMPLER_ARG');
  const ratio = ratioText === undefined ? 1 : Number(ratioText);
  if (samplerText.endsWith('traceidratio') && !(ratio >= 0 && ratio <= 1)) {
    problems.push(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, got "${ratioText}"`);
  }
  const limitName = ['OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT', 'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT'].find((name) => value(name) !== undefined);
  const limitText = limitName === undefined ? undefined : value(limitName);
  if (limitText !== undefined && !/^\d+$/.test(limitText)) problems.push(`${limitName} must be a whole number of characters, got "${limitText}"`);
  if (exporters.length === 0) return null;
  const sampler = { name: samplerText as SamplerName, ratio };
  return limitText === undefined ? { exporters, sampler } : { exporters, sampler, attributeValueLengthLimit: Number(limitText) };
}
