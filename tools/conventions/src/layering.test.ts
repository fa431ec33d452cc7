import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles, workspaces } from './workspaces';

const ours = (names: string[]) => names.filter((n) => n.startsWith('@pips/')).sort();
const byName = new Map(workspaces().map((w) => [w.name, w]));

/** Which of our packages each package may depend on at run time: the one-way flow of DESIGN §1. */
const allowed: Record<string, string[]> = {
  '@pips/domain': [],
  '@pips/xml': [],
  '@pips/store-memory': ['@pips/domain'],
  '@pips/store-mikro-orm': ['@pips/domain'],
  '@pips/store-contract': ['@pips/domain'],
  '@pips/http': ['@pips/domain', '@pips/xml'],
};

describe('layering', () => {
  it('knows every package under packages/', () => {
    const packages = workspaces().filter((w) => w.dir.startsWith('packages/')).map((w) => w.name);
    expect(packages.sort()).toEqual(Object.keys(allowed).sort());
  });

  it.each(Object.entries(allowed))('%s depends only on what its layer allows', (name, permitted) => {
    const workspace = byName.get(name);
    expect(workspace, name).toBeDefined();
    expect(ours(workspace!.dependencies).filter((d) => !permitted.includes(d))).toEqual([]);
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
