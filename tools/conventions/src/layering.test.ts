import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles, workspaces } from './workspaces';

const ours = (names: string[]) => names.filter((n) => n.startsWith('@pips/')).sort();
const byName = new Map(workspaces().map((w) => [w.name, w]));

/** Which of our packages each package may depend on at run time: the one-way flow of DESIGN §1. */
const allowed: Record<string, string[]> = {
  '@pips/domain': [],
  '@pips/xml': [],
  '@pips/store-memory': ['@pips/domain'],
  '@pips/blob-fs': ['@pips/domain'],
  '@pips/store-mikro-orm': ['@pips/domain'],
  '@pips/store-contract': ['@pips/domain'],
  '@pips/http': ['@pips/domain', '@pips/xml'],
  // Used by services that only talk HTTP: the codec, and nothing of the server.
  '@pips/client': ['@pips/xml'],
};

/** Libraries that reach a network, a disk, a database or a process: never in the domain. */
const IO_LIBRARIES = [
  'koa',
  '@koa/router',
  'find-my-way',
  'pg',
  'postgres',
  'pino',
  'commander',
  'undici',
  'ws',
  'axios',
  'node-fetch',
  'fast-xml-parser',
  'knex',
  'kysely',
  'mysql2',
  'sqlite3',
  'better-sqlite3',
  'ioredis',
  '@mikro-orm/core',
  '@mikro-orm/postgresql',
  '@electric-sql/pglite',
];
const IO_SCOPES = ['@mikro-orm/', '@electric-sql/', '@koa/'];

/** `@pips/http/test` → `@pips/http`, `lodash/fp` → `lodash`. */
function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? spec);
}

function isNodeBuiltin(spec: string): boolean {
  return spec.startsWith('node:') || builtinModules.includes(spec) || builtinModules.includes(packageOf(spec));
}

function isIoLibrary(spec: string): boolean {
  return IO_LIBRARIES.includes(packageOf(spec)) || IO_SCOPES.some((scope) => spec.startsWith(scope));
}

/** Source that ships: tests and their helpers (`*.test-helper.ts`, imported by tests alone) may import more. */
function productionFiles(dir: string): string[] {
  return sourceFiles(`${dir}/src`).filter((file) => !/\.test(-helper)?\.ts$/.test(file));
}

describe('layering', () => {
  it('recognises Node modules and package names in any spelling', () => {
    for (const spec of ['crypto', 'node:crypto', 'fs/promises', 'child_process', 'url', 'stream', 'os', 'net']) {
      expect(isNodeBuiltin(spec), spec).toBe(true);
    }
    expect(isNodeBuiltin('decimal.js')).toBe(false);
    expect(packageOf('@pips/http/test')).toBe('@pips/http');
    expect(isIoLibrary('@mikro-orm/knex')).toBe(true);
    expect(isIoLibrary('pg/lib/client')).toBe(true);
    expect(isIoLibrary('decimal.js')).toBe(false);
  });

  it('knows every package under packages/', () => {
    const packages = workspaces().filter((w) => w.dir.startsWith('packages/')).map((w) => w.name);
    expect(packages.sort()).toEqual(Object.keys(allowed).sort());
  });

  it.each(Object.entries(allowed))('%s depends only on what its layer allows', (name, permitted) => {
    const workspace = byName.get(name);
    expect(workspace, name).toBeDefined();
    expect(ours(workspace!.dependencies).filter((d) => !permitted.includes(d))).toEqual([]);
  });

  // Workspaces are hoisted, so an import of a package that is not declared still resolves: the
  // declared dependencies alone prove nothing. The imports themselves are checked.
  it.each(Object.entries(allowed))('%s imports only what its layer allows', (name, permitted) => {
    const workspace = byName.get(name)!;
    const offending = productionFiles(workspace.dir).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('@pips/'))
        .filter((spec) => !permitted.includes(packageOf(spec)) && packageOf(spec) !== name)
        .map((spec) => `${file}: ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('the domain imports no Node module and no I/O library, in any spelling', () => {
    const offending = productionFiles('packages/domain').flatMap((file) =>
      importsOf(file)
        .filter((spec) => isNodeBuiltin(spec) || isIoLibrary(spec))
        .map((spec) => `${file}: ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('only the apps compose a transport with a store', () => {
    const composers = workspaces()
      .filter((w) => w.dependencies.includes('@pips/http'))
      .filter((w) => w.dependencies.some((d) => d.startsWith('@pips/store-')))
      .map((w) => w.dir);
    expect(composers.every((dir) => dir.startsWith('apps/'))).toBe(true);
  });

  it('the domain imports no I/O, transport, ORM or XML library', () => {
    const outward = /^(node:|koa|@koa\/|@mikro-orm\/|fast-xml-parser|pg$|@electric-sql\/|pino|fs$|path$|http$)/;
    const offending = sourceFiles('packages/domain/src').flatMap((file) =>
      importsOf(file)
        .filter((spec) => outward.test(spec) || spec.startsWith('@pips/'))
        .map((spec) => `${file}: ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('tracing stays at the edges: the OpenTelemetry API in the HTTP package and the apps, its SDK in the apps', () => {
    const offending = workspaces()
      .filter((w) => !w.dir.startsWith('apps/') && !w.dir.startsWith('tools/'))
      .flatMap((w) =>
        productionFiles(w.dir).flatMap((file) =>
          importsOf(file)
            .filter((spec) => spec.startsWith('@opentelemetry/') && (w.name !== '@pips/http' || packageOf(spec) !== '@opentelemetry/api'))
            .map((spec) => `${file}: ${spec}`),
        ),
      );
    expect(offending).toEqual([]);
  });

  it('the XML codec imports nothing of ours', () => {
    const offending = sourceFiles('packages/xml/src').flatMap((file) =>
      importsOf(file).filter((spec) => spec.startsWith('@pips/')).map((spec) => `${file}: ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('no code reaches into another package past its public surface', () => {
    const deep = workspaces()
      .flatMap((w) => sourceFiles(w.dir))
      .flatMap((file) => importsOf(file).filter((spec) => /^@pips\/[^/]+\/(src|dist)\b/.test(spec)).map((s) => `${file}: ${s}`));
    expect(deep).toEqual([]);
  });

  it('every package exposes exactly its src/index.ts', () => {
    for (const w of workspaces().filter((x) => x.dir.startsWith('packages/'))) {
      expect(w.exports, w.name).toMatchObject({ '.': { types: './dist/index.d.ts', import: './dist/index.js' } });
      expect(sourceFiles(`${w.dir}/src`), w.name).toContain(`${w.dir}/src/index.ts`);
    }
  });
});
