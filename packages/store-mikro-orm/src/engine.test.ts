import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { resolveEngine } from './engine';

describe('resolveEngine', () => {
  it('puts PGlite under <dataDir>/pglite, as an absolute path', () => {
    expect(resolveEngine({ dataDir: 'data' })).toEqual({
      kind: 'pglite',
      dataDir: resolve('data', 'pglite'),
      description: `pglite at ${resolve('data', 'pglite')}`,
    });
  });

  it('describes PostgreSQL by host, port and database, never the password', () => {
    const engine = resolveEngine({ databaseUrl: 'postgres://pips:s3cret@db.example:6543/pips_prod?sslmode=require' });
    expect(engine).toMatchObject({ kind: 'postgresql', description: 'postgresql at db.example:6543/pips_prod (sslmode=require)' });
    expect(engine.description).not.toContain('s3cret');
    expect(resolveEngine({ databaseUrl: 'postgresql://127.0.0.1/pips' }).description).toBe('postgresql at 127.0.0.1:5432/pips');
  });

  it('refuses what it cannot open', () => {
    expect(() => resolveEngine({})).toThrow(/dataDir/);
    expect(() => resolveEngine({ databaseUrl: 'mysql://localhost/x' })).toThrow(/postgres/);
    expect(() => resolveEngine({ databaseUrl: 'not a url' })).toThrow(/valid URL/);
  });
});
