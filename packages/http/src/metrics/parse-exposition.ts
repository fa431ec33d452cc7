/** One line of Prometheus's text format: a sample's name (`x_bucket`, `x_sum`), labels and value. */
export interface MetricSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface ParsedMetrics {
  /** Each family's `# TYPE` (`counter`, `gauge`, `histogram`, …) by its name. */
  readonly types: ReadonlyMap<string, string>;
  readonly samples: readonly MetricSample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', n: '\n' };

/** `a="x",b="y \"q\""` → `{ a: 'x', b: 'y "q"' }`, undoing the format's escapes. */
function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf('="', i);
    if (eq === -1) throw new Error(`bad labels in: ${line}`);
    const name = text.slice(i, eq).trim();
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') value += ESCAPES[text[++j] ?? ''] ?? `\\${text[j]}`;
      else value += text[j];
    }
    if (j >= text.length) throw new Error(`unterminated label value in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
  }
  return labels;
}

/** A float as Prometheus reads one (Go's ParseFloat): `Inf` and `NaN` in any case, as prom-client writes `Nan`. */
function parseValue(text: string, line: string): number {
  if (/^[+-]?inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

/** Reads Prometheus's text exposition format (0.0.4): every sample and each family's type; throws on a line it cannot read. */
export function parseExposition(text: string): ParsedMetrics {
  const types = new Map<string, string>();
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    samples.push({ name: match[1]!, labels: match[2] ? parseLabels(match[2], line) : {}, value: parseValue(match[3]!, line) });
  }
  return { types, samples };
}

/**
 * The sum of the samples named `name` whose labels include `labels` (all of them when `labels`
 * is empty); 0 when none does.
 */
export function sampleSum(parsed: ParsedMetrics, name: string, labels: Readonly<Record<string, string>> = {}): number {
  return parsed.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
