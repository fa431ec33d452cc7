import { describe, expect, it } from 'vitest';
import { testDatabaseName } from './test-databases';

describe('testDatabaseName', () => {
  it("is the run's database name, then _t_ and a random part", () => {
    const name = testDatabaseName('postgres://postgres@127.0.0.1:5432/ci_run_42');
    expect(name).toMatch(/^ci_run_42_t_[0-9a-z]+$/);
    expect(testDatabaseName('postgres://postgres@127.0.0.1:5432/ci_run_42')).not.toBe(name);
  });

  it('falls back to postgres when the URL names no database', () => {
    expect(testDatabaseName('postgres://postgres@127.0.0.1:5432')).toMatch(/^postgres_t_/);
  });

  it('stays within PostgreSQL’s 63 bytes, cutting the prefix', () => {
    const long = 'd'.repeat(70);
    const name = testDatabaseName(`postgres://postgres@127.0.0.1/${long}`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^d+_t_/);
  });
});
