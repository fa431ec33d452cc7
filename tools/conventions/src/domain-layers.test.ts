import { describe, expect, it } from 'vitest';
import { aggregateCircles, layeringViolations, resolveImport, type Declaration, type FileImports } from './domain-layers';
import { importsOf, sourceFiles } from './workspaces';

const SRC = 'packages/domain/src';

/**
 * The domain's layers. Its aggregates, lowest first: each may import those before it, never one
 * after it. The order is that of who calls whom. Attachments and inventory come first because the
 * others consult them when they change what those rest on: a delete refuses while files are
 * attached, and the stock rules refuse a sublocation's bins turned off, a conversion deleted, a
 * part's unit changed or deleted while stock depends on it, and a release disposes of units; both
 * reach parts and locations through their tables alone. Reference data comes next, parts on it,
 * revisions (bills, releases) on parts, and purchasing, which fills inventory, last. Tokens stand
 * alone, and so do idempotency keys, which wrap a command's store and never call a command. The
 * event feed reads only the outbox every aggregate writes through the kernel, and webhooks deliver
 * it as the feed numbers it.
 * Read models spanning aggregates, such as the part's show form with its stock, bills and
 * attachments, sit above them all in `views/` (modules meet above, not across).
 */
const DOMAIN_LAYERS: Declaration = {
  aggregates: ['event-feed', 'webhooks', 'tokens', 'idempotency', 'attachments', 'inventory', 'reference', 'parts', 'revisions', 'purchasing'],
  views: 'views',
  kernelFolders: ['tables'],
  adapterFolders: ['memory-store', 'fake'],
  surface: ['index.ts', 'memory.ts', 'storage.ts', 'test.ts', 'request-fields.ts'],
};

/** The domain's shipped files with the domain files each imports; tests and their helpers may compose anything. */
function domainImports(): FileImports[] {
  return sourceFiles(SRC)
    .filter((path) => !/\.test(-helper)?\.ts$/.test(path))
    .map((path) => {
      const file = path.slice(SRC.length + 1);
      const imports = importsOf(path)
        .map((spec) => resolveImport(file, spec))
        .filter((target): target is string => target !== null);
      return { file, imports };
    });
}

describe('the domain layers', () => {
  it('no aggregate imports one declared above it, nor the views; the kernel imports neither', () => {
    expect(layeringViolations(domainImports(), DOMAIN_LAYERS)).toEqual([]);
  });

  it('no two aggregates import each other, directly or round a longer circle', () => {
    expect(aggregateCircles(domainImports(), DOMAIN_LAYERS)).toEqual([]);
  });

  it('declares every aggregate it orders and reads them all', () => {
    const folders = new Set(domainImports().map(({ file }) => file.split('/')[0]));
    for (const name of [...DOMAIN_LAYERS.aggregates, DOMAIN_LAYERS.views]) expect(folders, name).toContain(name);
  });
});

describe('the layering check', () => {
  const declared: Declaration = { aggregates: ['low', 'mid', 'high'], views: 'views', kernelFolders: ['tables'], adapterFolders: ['fake'], surface: ['index.ts'] };
  const files = (...pairs: Array<[string, string[]]>): FileImports[] => pairs.map(([file, imports]) => ({ file, imports }));

  it('resolves relative specifiers to domain files and ignores packages', () => {
    expect(resolveImport('parts/create-part/create-part.ts', '../../errors')).toBe('errors');
    expect(resolveImport('parts/part-view.ts', './part-lookup.js')).toBe('parts/part-lookup');
    expect(resolveImport('parts/part-view.ts', 'decimal.js')).toBeNull();
  });

  it('allows downward imports, the kernel, and the views and surface importing anything', () => {
    const clean = files(
      ['high/a.ts', ['mid/b', 'low/c', 'errors', 'tables/tables']],
      ['mid/b.ts', ['low/c']],
      ['views/v.ts', ['high/a', 'low/c']],
      ['index.ts', ['views/v', 'high/a']],
      ['errors.ts', ['tables/tables']],
    );
    expect(layeringViolations(clean, declared)).toEqual([]);
    expect(aggregateCircles(clean, declared)).toEqual([]);
  });

  it('reports an upward import, an aggregate importing the views, the kernel importing up, and an undeclared folder', () => {
    const broken = files(['low/a.ts', ['high/b', 'views/v']], ['errors.ts', ['mid/c']], ['fake/f.ts', ['views/v']], ['stray/s.ts', []]);
    expect(layeringViolations(broken, declared)).toEqual([
      'low/a.ts -> high/b: aggregate low imports high, declared above it',
      'low/a.ts -> views/v: aggregate low imports the views above every aggregate',
      'errors.ts -> mid/c: the kernel imports aggregate mid',
      'fake/f.ts -> views/v: the adapter imports the views',
      'stray/s.ts: folder stray is declared neither an aggregate nor another layer',
    ]);
  });

  it('reports each circle once, direct or longer, in whatever order the aggregates are declared', () => {
    const circling = files(['low/a.ts', ['mid/b']], ['mid/b.ts', ['low/a', 'high/c']], ['high/c.ts', ['low/x']]);
    expect(aggregateCircles(circling, declared)).toEqual(['low -> mid -> high -> low', 'low -> mid -> low']);
  });
});
