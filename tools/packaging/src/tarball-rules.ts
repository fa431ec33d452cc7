import type { Manifest } from './workspace-manifests';

/** One package as `npm pack --json` describes its tarball. */
export interface PackedPackage {
  name: string;
  version: string;
  /** The tarball's file name, in the pack destination. */
  filename: string;
  files: ReadonlyArray<{ path: string }>;
}

/** What a tarball may hold: its manifest, its README, and the build's JavaScript and declarations. */
const SHIPPED = /^(package\.json|README\.md|dist\/.+\.(js|d\.ts))$/;

const INTERNAL = /^@pips\//;

/** Every path an `exports` map (or a `main`/`types` string) points at: `./dist/x.js` → `dist/x.js`. */
export function exportTargets(exportsField: unknown): string[] {
  if (typeof exportsField === 'string') return [exportsField.replace(/^\.\//, '')];
  if (exportsField === null || typeof exportsField !== 'object') return [];
  return Object.values(exportsField).flatMap(exportTargets);
}

/** What is wrong with one published package's manifest (at the shared `version`) and tarball; empty when nothing is. */
export function tarballProblems(packed: PackedPackage, manifest: Manifest, version: string): string[] {
  const paths = packed.files.map((f) => f.path);
  const problems: string[] = [];
  const say = (problem: string) => problems.push(`${manifest.name}: ${problem}`);

  for (const path of paths.filter((p) => !SHIPPED.test(p))) say(`${path} is in the tarball (only dist JavaScript, declarations and README.md belong there)`);
  if (!paths.includes('README.md')) say('no README.md in the tarball');
  if (!paths.some((p) => p.endsWith('.js'))) say('no built JavaScript in the tarball');
  if (!paths.some((p) => p.endsWith('.d.ts'))) say('no type declarations in the tarball');
  const targets = [...exportTargets(manifest.exports), ...exportTargets(manifest.main), ...exportTargets(manifest.types)];
  if (exportTargets(manifest.exports).length === 0) say('no exports');
  for (const target of targets.filter((t) => !paths.includes(t))) say(`${target} is exported but not in the tarball`);

  if (manifest.private === true) say('is private');
  if (!manifest.description) say('no description');
  if (!manifest.license) say('no license');
  if (!manifest.engines?.node) say('no engines.node');
  if (!manifest.publishConfig?.access) say('no publishConfig.access');
  if (manifest.version !== version) say(`version ${manifest.version}, not the shared ${version}`);
  for (const field of ['dependencies', 'peerDependencies', 'devDependencies'] as const) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (INTERNAL.test(name) && range !== version) say(`${field}: ${name} is "${range}", not the shared version "${version}"`);
    }
  }
  return problems;
}
