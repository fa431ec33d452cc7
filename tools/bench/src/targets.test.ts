import { describe, expect, it } from 'vitest';
import { checkTargets, missed, RATIO_TARGETS, type EngineRun, type RatioTarget } from './targets';

const MB = 1024 * 1024;
const at = (requestsPerSecond: number, errors = 0) => ({ requestsPerSecond, errors });

const targets: RatioTarget[] = [
  { engine: 'pglite', target: 'show unit', against: 'floor', atLeast: 0.7 },
  { engine: 'pglite', target: 'list parts', against: 'floor', atLeast: 0.5 },
  { engine: 'memory', target: 'show unit', against: 'bare', atLeast: 0.35 },
  { engine: 'postgresql', target: 'show unit', against: 'floor', atLeast: 0.5 },
];

const pglite: EngineRun = {
  engine: 'pglite',
  pips: { 'show unit': at(700), 'list parts': at(40) },
  floor: { 'show unit': at(1000), 'list parts': at(100) },
  bare: at(5000),
  wholeListGrowthBytes: 12 * MB,
};

const memory: EngineRun = { engine: 'memory', pips: { 'show unit': at(1000) }, floor: {}, bare: at(4000), wholeListGrowthBytes: 51 * MB };

describe('checkTargets', () => {
  it('meets a ratio at its minimum exactly, misses it below, and checks the bare ratio against bare', () => {
    const checks = checkTargets([pglite, memory], targets, 50 * MB);
    expect(checks.map((c) => [c.label, c.status, c.detail])).toEqual([
      ['pglite show unit ≥ 0.7× floor', 'met', '0.700'],
      ['pglite list parts ≥ 0.5× floor', 'MISSED', '0.400'],
      ['memory show unit ≥ 0.35× bare node:http', 'MISSED', '0.250'],
      ['postgresql show unit ≥ 0.5× floor', 'not measured', ''],
      ['pglite whole list growth ≤ 50.0 MB', 'met', '12.0 MB'],
      ['memory whole list growth ≤ 50.0 MB', 'MISSED', '51.0 MB'],
    ]);
    expect(missed(checks).map((c) => c.label)).toEqual([
      'pglite list parts ≥ 0.5× floor',
      'memory show unit ≥ 0.35× bare node:http',
      'memory whole list growth ≤ 50.0 MB',
    ]);
  });

  it('misses a ratio when either side answered errors, however fast it was', () => {
    const run: EngineRun = { ...pglite, pips: { 'show unit': at(5000, 3) }, floor: { 'show unit': at(1000) } };
    const [check] = checkTargets([run], targets.slice(0, 1), 50 * MB);
    expect(check).toEqual({ label: 'pglite show unit ≥ 0.7× floor', status: 'MISSED', detail: 'errors: PIPS 3, floor 0' });
    const floorErrors: EngineRun = { ...pglite, floor: { 'show unit': at(1000, 1) } };
    expect(checkTargets([floorErrors], targets.slice(0, 1))[0]?.status).toBe('MISSED');
  });

  it('misses nothing for an engine that did not run, and reports its whole list only when measured', () => {
    const checks = checkTargets([{ engine: 'pglite', pips: {}, floor: {} }], targets);
    expect(checks.every((c) => c.status === 'not measured')).toBe(true);
    expect(missed(checks)).toEqual([]);
  });

  it('holds the thresholds the bench promises', () => {
    const threshold = (engine: string, target: string) => RATIO_TARGETS.find((t) => t.engine === engine && t.target === target);
    for (const engine of ['pglite', 'postgresql']) {
      for (const read of ['show unit', 'show part', 'list units', 'list parts']) {
        expect(threshold(engine, read), `${engine} ${read}`).toMatchObject({ against: 'floor', atLeast: 0.6 });
      }
      expect(threshold(engine, 'show large part'), `${engine} show large part`).toBeUndefined();
    }
    const writes = ['create manufacturer', 'create part', 'update part', 'add bill line', 'adjust, one unit', 'adjust, spread', 'split, one unit', 'split, spread', 'release, two-level ancestor'];
    for (const write of writes) {
      expect(threshold('postgresql', write), `postgresql ${write}`).toMatchObject({ against: 'floor', atLeast: 0.7 });
      expect(threshold('pglite', write), `pglite ${write}`).toMatchObject({ against: 'floor', atLeast: 0.6 });
      expect(threshold('memory', write), `memory ${write}`).toBeUndefined();
    }
    expect(threshold('memory', 'show unit')).toMatchObject({ against: 'bare', atLeast: 0.35 });
    expect(RATIO_TARGETS).toHaveLength(2 * (4 + writes.length) + 1);
  });
});
