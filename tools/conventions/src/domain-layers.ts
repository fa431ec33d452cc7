import { dirname, join, normalize } from 'node:path';

/** A file of the domain and the domain files it imports, paths relative to `packages/domain/src`. */
export interface FileImports {
  readonly file: string;
  readonly imports: readonly string[];
}

/** Where a file of the domain sits. */
export type Layer =
  | { readonly kind: 'kernel' }
  | { readonly kind: 'aggregate'; readonly name: string; readonly rank: number }
  | { readonly kind: 'views' }
  | { readonly kind: 'surface' }
  | { readonly kind: 'adapter' }
  | { readonly kind: 'undeclared'; readonly folder: string };

/** How the domain's folders are declared: see domain-layers.test.ts for the declaration and why. */
export interface Declaration {
  /** The aggregates' folders, lowest first. */
  readonly aggregates: readonly string[];
  /** The folder above every aggregate. */
  readonly views: string;
  /** Folders of the kernel beside its top-level files. */
  readonly kernelFolders: readonly string[];
  /** Folders that implement the ports (the in-memory store, the test doubles). */
  readonly adapterFolders: readonly string[];
  /** Top-level files that assemble the public surface from every layer. */
  readonly surface: readonly string[];
}

export function layerOf(file: string, declared: Declaration): Layer {
  const [top, ...rest] = file.split('/');
  if (rest.length === 0) return declared.surface.includes(top!) ? { kind: 'surface' } : { kind: 'kernel' };
  const rank = declared.aggregates.indexOf(top!);
  if (rank >= 0) return { kind: 'aggregate', name: top!, rank };
  if (top === declared.views) return { kind: 'views' };
  if (declared.kernelFolders.includes(top!)) return { kind: 'kernel' };
  if (declared.adapterFolders.includes(top!)) return { kind: 'adapter' };
  return { kind: 'undeclared', folder: top! };
}

/** The domain file a relative specifier in `file` names (without extension); null for a package. */
export function resolveImport(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  return normalize(join(dirname(file), spec)).replace(/\.(js|ts)$/, '');
}

/** Every import that breaks the declared layering, as `file -> target: why`. */
export function layeringViolations(files: readonly FileImports[], declared: Declaration): string[] {
  const found: string[] = [];
  for (const { file, imports } of files) {
    const from = layerOf(file, declared);
    if (from.kind === 'undeclared') {
      found.push(`${file}: folder ${from.folder} is declared neither an aggregate nor another layer`);
      continue;
    }
    for (const target of imports) {
      const to = layerOf(target, declared);
      const upward =
        (from.kind === 'aggregate' && to.kind === 'aggregate' && to.rank > from.rank && `aggregate ${from.name} imports ${to.name}, declared above it`) ||
        (from.kind === 'aggregate' && to.kind === 'views' && `aggregate ${from.name} imports the views above every aggregate`) ||
        ((from.kind === 'kernel' || from.kind === 'adapter') && (to.kind === 'aggregate' || to.kind === 'views') && `the ${from.kind} imports ${to.kind === 'views' ? 'the views' : `aggregate ${to.name}`}`);
      if (upward) found.push(`${file} -> ${target}: ${upward}`);
    }
  }
  return found;
}

/** Each circle between aggregates (a imports b … imports a), as `a -> b -> a`, whatever their declared order. */
export function aggregateCircles(files: readonly FileImports[], declared: Declaration): string[] {
  const edges = new Map<string, Set<string>>(declared.aggregates.map((name) => [name, new Set<string>()]));
  for (const { file, imports } of files) {
    const from = layerOf(file, declared);
    if (from.kind !== 'aggregate') continue;
    for (const target of imports) {
      const to = layerOf(target, declared);
      if (to.kind === 'aggregate' && to.name !== from.name) edges.get(from.name)!.add(to.name);
    }
  }
  const circles = new Set<string>();
  const walk = (path: readonly string[]) => {
    for (const next of edges.get(path.at(-1)!) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        // Named from its first aggregate in declared order, so each circle is reported once.
        const loop = path.slice(at);
        const start = loop.indexOf([...loop].sort((a, b) => declared.aggregates.indexOf(a) - declared.aggregates.indexOf(b))[0]!);
        const turned = [...loop.slice(start), ...loop.slice(0, start)];
        circles.add([...turned, turned[0]].join(' -> '));
      } else walk([...path, next]);
    }
  };
  for (const name of declared.aggregates) walk([name]);
  return [...circles].sort();
}
