import { describe, expect, it } from 'vitest';
import { shippedFiles } from './shipped-files';
import { importsOf, workspaces } from './workspaces';

/** `@pips/domain/test`, `@pips/store-mikro-orm/test`: test doubles and support, never shipped code. */
const isTestSubpath = (spec: string): boolean => /^@pips\/[^/]+\/test$/.test(spec);

describe('test subpaths', () => {
  it('finds the shipped files from the build entries, tests and test support left out', () => {
    const mikroOrm = workspaces().find((w) => w.name === '@pips/store-mikro-orm')!;
    const shipped = shippedFiles(mikroOrm);
    expect(shipped).toContain('packages/store-mikro-orm/src/index.ts');
    expect(shipped).toContain('packages/store-mikro-orm/src/migrations/0001-initial.ts');
    expect(shipped.filter((file) => /\.test\.ts$|\/test\.ts$|test-scope|test-databases/.test(file))).toEqual([]);
    const domain = shippedFiles(workspaces().find((w) => w.name === '@pips/domain')!);
    expect(domain).toContain('packages/domain/src/memory-store/memory-store.ts');
    expect(domain.filter((file) => file.includes('/fake/'))).toEqual([]);
  });

  it('no shipped file imports a ./test subpath of any package of ours', () => {
    const offending = workspaces()
      .flatMap((w) => shippedFiles(w))
      .flatMap((file) => importsOf(file).filter(isTestSubpath).map((spec) => `${file}: ${spec}`));
    expect(offending).toEqual([]);
  });

  it('no shipped file imports a test helper (`*.test-helper.ts`), which may use what only tests may', () => {
    const offending = workspaces()
      .flatMap((w) => shippedFiles(w))
      .flatMap((file) => importsOf(file).filter((spec) => spec.endsWith('.test-helper')).map((spec) => `${file}: ${spec}`));
    expect(offending).toEqual([]);
  });

  it('recognises a test subpath and nothing else', () => {
    expect(isTestSubpath('@pips/domain/test')).toBe(true);
    expect(isTestSubpath('@pips/store-mikro-orm/test')).toBe(true);
    expect(isTestSubpath('@pips/domain')).toBe(false);
    expect(isTestSubpath('@pips/domain/memory')).toBe(false);
    expect(isTestSubpath('@pips/testing')).toBe(false);
  });
});
