// Lays out what the server needs to run, and nothing else, in TARGET (run inside the image's build
// stage, after the packages are built in SOURCE): the root and workspace package.json files, the
// server's production dependencies as npm installs them from the lock file, and the built `dist`
// of the server and of each @pips package it depends on. Usage: node runtime-tree.mjs SOURCE TARGET
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [source, target] = process.argv.slice(2);
if (!source || !target) throw new Error('usage: node runtime-tree.mjs SOURCE TARGET');

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const root = readJson(join(source, 'package.json'));

/** Workspace folder (relative) by package name. */
const workspaces = new Map();
for (const pattern of root.workspaces) {
  const parent = pattern.replace(/\/\*$/, '');
  for (const entry of readdirSync(join(source, parent))) {
    const manifest = join(source, parent, entry, 'package.json');
    if (existsSync(manifest)) workspaces.set(readJson(manifest).name, join(parent, entry));
  }
}

/** The server and every workspace package it depends on, directly or not. */
const needed = new Set();
const visit = (name) => {
  if (needed.has(name) || !workspaces.has(name)) return;
  needed.add(name);
  const manifest = readJson(join(source, workspaces.get(name), 'package.json'));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency);
};
visit('@pips/server');

// npm checks the lock file against every workspace's manifest, so all of them are there to install.
mkdirSync(target, { recursive: true });
for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
  if (existsSync(join(source, file))) cpSync(join(source, file), join(target, file));
}
for (const folder of workspaces.values()) {
  mkdirSync(join(target, folder), { recursive: true });
  cpSync(join(source, folder, 'package.json'), join(target, folder, 'package.json'));
}
// Optional and peer dependencies of the server's packages are development tools here (vitest is an
// optional peer of the store), and the lock marks them so: omitting them keeps them out.
execFileSync(
  'npm',
  ['ci', '--omit=dev', '--omit=optional', '--omit=peer', '--workspace=@pips/server', '--no-audit', '--no-fund', '--ignore-scripts'],
  { cwd: target, stdio: 'inherit' },
);

for (const [name, folder] of workspaces) {
  if (needed.has(name)) cpSync(join(source, folder, 'dist'), join(target, folder, 'dist'), { recursive: true });
  else rmSync(join(target, folder), { recursive: true, force: true });
}
for (const parent of new Set([...workspaces.values()].map((folder) => dirname(folder)))) {
  if (existsSync(join(target, parent)) && readdirSync(join(target, parent)).length === 0) rmSync(join(target, parent), { recursive: true });
}
// Links npm made to workspaces that are not kept, and commands of packages that are gone.
for (const folder of ['node_modules/@pips', 'node_modules/.bin']) {
  const path = join(target, folder);
  if (!existsSync(path)) continue;
  for (const entry of readdirSync(path)) {
    try {
      statSync(join(path, entry));
    } catch {
      rmSync(join(path, entry), { force: true });
    }
  }
}
