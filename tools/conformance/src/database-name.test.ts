import { describe, expect, it } from 'vitest';
import { conformanceDatabaseName } from './targets';

describe('conformanceDatabaseName', () => {
  it('names the database after the run database, so CI cleanup finds it', () => {
    expect(conformanceDatabaseName('postgres://postgres@127.0.0.1:5432/pips_ci_1_2', 'abc123')).toBe('pips_ci_1_2_c_abc123');
  });

  it('stays within the 63 characters PostgreSQL keeps', () => {
    const name = conformanceDatabaseName(`postgres://h/${'d'.repeat(80)}`);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^d+_c_[0-9a-f]{12}$/);
  });
});
