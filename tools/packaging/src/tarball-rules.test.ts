import { describe, expect, it } from 'vitest';
import { exportTargets, tarballProblems, type PackedPackage } from './tarball-rules';
import type { Manifest } from './workspace-manifests';

const manifest: Manifest = {
  name: '@pips/example',
  version: '1.2.3',
  description: 'An example',
  license: 'UNLICENSED',
  engines: { node: '>=22.17' },
  main: './dist/index.js',
  types: './dist/index.d.ts',
  exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './extra': { types: './dist/extra.d.ts', import: './dist/extra.js' } },
  publishConfig: { access: 'restricted' },
  dependencies: { '@pips/domain': '1.2.3', 'decimal.js': '^10.6.0' },
};

const packed = (...paths: string[]): PackedPackage => ({
  name: manifest.name,
  version: manifest.version,
  filename: 'pips-example-1.2.3.tgz',
  files: paths.map((path) => ({ path })),
});

const complete = ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/extra.js', 'dist/extra.d.ts', 'dist/chunk-AB12.js'];

describe('tarballProblems', () => {
  it('accepts a package of built code, declarations and README', () => {
    expect(tarballProblems(packed(...complete), manifest, '1.2.3')).toEqual([]);
  });

  it('names every file that does not belong: sources, maps, tests, configs', () => {
    const problems = tarballProblems(packed(...complete, 'src/index.ts', 'dist/index.js.map', 'tsconfig.json', 'dist/x.test.ts'), manifest, '1.2.3');
    expect(problems).toEqual([
      '@pips/example: src/index.ts is in the tarball (only dist JavaScript, declarations and README.md belong there)',
      '@pips/example: dist/index.js.map is in the tarball (only dist JavaScript, declarations and README.md belong there)',
      '@pips/example: tsconfig.json is in the tarball (only dist JavaScript, declarations and README.md belong there)',
      '@pips/example: dist/x.test.ts is in the tarball (only dist JavaScript, declarations and README.md belong there)',
    ]);
  });

  it('names a missing README, a missing export target and missing declarations', () => {
    const problems = tarballProblems(packed('package.json', 'dist/index.js', 'dist/extra.js'), manifest, '1.2.3');
    expect(problems).toContain('@pips/example: no README.md in the tarball');
    expect(problems).toContain('@pips/example: no type declarations in the tarball');
    expect(problems).toContain('@pips/example: dist/extra.d.ts is exported but not in the tarball');
  });

  it('names manifest fields a published package needs, and internal ranges off the shared version', () => {
    const bare: Manifest = {
      name: '@pips/example',
      version: '1.2.3',
      private: true,
      exports: manifest.exports,
      dependencies: { '@pips/domain': '^1.2.3' },
      devDependencies: { '@pips/store-contract': '1.2.2' },
    };
    expect(tarballProblems(packed(...complete), bare, '1.2.3')).toEqual([
      '@pips/example: is private',
      '@pips/example: no description',
      '@pips/example: no license',
      '@pips/example: no engines.node',
      '@pips/example: no publishConfig.access',
      '@pips/example: dependencies: @pips/domain is "^1.2.3", not the shared version "1.2.3"',
      '@pips/example: devDependencies: @pips/store-contract is "1.2.2", not the shared version "1.2.3"',
    ]);
    expect(tarballProblems(packed(...complete), manifest, '2.0.0')).toContain('@pips/example: version 1.2.3, not the shared 2.0.0');
  });

  it('reads the targets of nested export conditions', () => {
    expect(exportTargets({ '.': { types: './a.d.ts', import: './a.js' }, './b': './b.js' }).sort()).toEqual(['a.d.ts', 'a.js', 'b.js']);
    expect(exportTargets(undefined)).toEqual([]);
  });
});
