import { Counter, Gauge, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parseExposition, sampleSum } from './parse-exposition';

describe('parseExposition', () => {
  it("reads prom-client's text: types, labels with escapes, values", async () => {
    const registry = new Registry();
    const counter = new Counter({ name: 'a_total', help: 'A "help" \\ text', labelNames: ['route', 'code'], registers: [registry] });
    counter.inc({ route: '/x "q" \\ z\nw', code: 'e' }, 3);
    counter.inc({ route: '/y', code: 'e' }, 2);
    new Gauge({ name: 'g', help: 'g', registers: [registry] }).set(-1.5);
    const parsed = parseExposition(await registry.metrics());
    expect(Object.fromEntries(parsed.types)).toEqual({ a_total: 'counter', g: 'gauge' });
    expect(parsed.samples).toEqual([
      { name: 'a_total', labels: { route: '/x "q" \\ z\nw', code: 'e' }, value: 3 },
      { name: 'a_total', labels: { route: '/y', code: 'e' }, value: 2 },
      { name: 'g', labels: {}, value: -1.5 },
    ]);
    expect(sampleSum(parsed, 'a_total')).toBe(5);
    expect(sampleSum(parsed, 'a_total', { route: '/y' })).toBe(2);
    expect(sampleSum(parsed, 'a_total', { route: '/none' })).toBe(0);
  });

  it('reads special values and timestamps, and refuses a line that is not a sample', () => {
    const parsed = parseExposition('x{le="+Inf"} +Inf\ny NaN\ny Nan\nw -Inf\nz 4 1700000000000\n');
    expect(parsed.samples.map((s) => s.value)).toEqual([Infinity, NaN, NaN, -Infinity, 4]);
    expect(() => parseExposition('x{a="1"\n')).toThrow(/not a sample line/);
    expect(() => parseExposition('x{a="1} 2\n')).toThrow(/unterminated/);
    expect(() => parseExposition('x abc\n')).toThrow(/bad value/);
  });
});
