import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { npm, scratchEnv } from './npm';
import { installedVersion, readManifest, root } from './workspace-manifests';

/** The consumer's files (scripts, a vitest suite, a TypeScript file to check) copied into the scratch project. */
const CONSUMER = join(import.meta.dirname, '..', 'consumer');

/** Installed from the registry beside the tarballs, at the versions the repository has. */
const TOOLS = ['vitest', 'typescript', '@types/node'];

/**
 * A project outside the repository, as another service would have: its own package.json naming
 * the tarballs, the test tools pinned to the repository's versions, and the root's `overrides`.
 * `@pips/*` comes from no registry. npm looks up the packages a tarball depends on before it
 * matches them to the tarballs beside it, so each is overridden by its tarball (`$name`), and the
 * scope points at a closed port on loopback: a lookup left over fails at once, never reaching a
 * registry that may hold other packages of that name. (The tarballs' own ranges are checked to be
 * the shared version by `tarballProblems`.)
 */
export function writeScratchProject(dir: string, tarballs: ReadonlyMap<string, string>): void {
  if (!relative(root, dir).startsWith('..')) throw new Error(`the scratch project must be outside the repository, not ${dir}`);
  const dependencies = Object.fromEntries([...tarballs].map(([name, file]) => [name, `file:${file}`]));
  const devDependencies = Object.fromEntries(TOOLS.map((name) => [name, installedVersion(name)]));
  const manifest = {
    name: 'pips-consumer',
    version: '0.0.0',
    private: true,
    type: 'module',
    dependencies,
    devDependencies,
    overrides: { ...readManifest(join(root, 'package.json')).overrides, ...Object.fromEntries([...tarballs.keys()].map((name) => [name, `$${name}`])) },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, '.npmrc'), '@pips:registry=http://127.0.0.1:9/\n');
  for (const file of readdirSync(CONSUMER)) cpSync(join(CONSUMER, file), join(dir, file));
}

/**
 * `npm install` in the scratch project; third-party packages come from the registry through the
 * user's cache. Without install scripts: none of the packages needs one to work, and one of the
 * docs page's dependencies (`@scarf/scarf`, under swagger-ui-dist) would report the install over
 * the network and leave a file in the temporary folder (the repository's own `allowScripts` denies it).
 */
export async function installScratchProject(dir: string): Promise<void> {
  try {
    await npm(['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env: scratchEnv(), timeoutMs: 540_000 });
  } catch (error) {
    throw new Error(
      'npm install of the packed tarballs failed in the scratch project. It installs their third-party dependencies ' +
        'from the npm registry, which must be reachable (or every one of them in the npm cache).\n' +
        (error as Error).message,
    );
  }
}

/** The `@pips/*` packages the scratch project's lock file holds that did not come from a tarball. */
export function internalsNotFromTarballs(dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> };
  return Object.entries(lock.packages)
    .filter(([path]) => /(^|\/)node_modules\/@pips\//.test(path))
    .filter(([, entry]) => !entry.resolved?.startsWith('file:'))
    .map(([path, entry]) => `${path} (${entry.resolved ?? 'no resolved'})`);
}
