import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { MigrationObject } from '@mikro-orm/core';
import { createMigration, MigrationCreateRefusal } from './create-migration';
import { resolveEngine } from './engine';
import { runMigrations } from './migrate';
import { MIGRATION_CREATE_USAGE, migrationCreateCommand } from './migration-create-command';
import { splitStatements } from './migration-source';
import { migrationsList } from './migrations';
import { openOrm } from './open-orm';
import { openInTest, pgliteDataDir, runInTest } from './test-scope';
import { extensionsFirst } from './trigram-index';

const committedDir = join(import.meta.dirname, 'migrations');

/** The node_modules the package resolves from, so copied migrations import what the real ones do. */
function nodeModules(): string {
  for (let dir = import.meta.dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', '@mikro-orm', 'migrations'))) return join(dir, 'node_modules');
  }
  throw new Error('no node_modules with @mikro-orm/migrations above this package');
}

/** A temporary copy of the migrations folder, and a folder for the command's temporary databases; both removed after the test. */
async function scratch(): Promise<{ dir: string; tmpRoot: string }> {
  const root = await mkdtemp(join(tmpdir(), 'pips-migrations-'));
  onTestFinished(() => rm(root, { recursive: true, force: true }));
  await symlink(nodeModules(), join(root, 'node_modules'), 'dir');
  await cp(committedDir, join(root, 'migrations'), { recursive: true });
  await mkdir(join(root, 'tmp'));
  return { dir: join(root, 'migrations'), tmpRoot: join(root, 'tmp') };
}

/** The last committed migration: its name as typed (`unit-description-text`), its file and its class. */
function lastCommitted(): { kebab: string; file: string; className: string } {
  const last = migrationsList.at(-1)!;
  return {
    kebab: last.name.replace(/^\d{4}_/, '').replaceAll('_', '-'),
    file: `${last.name.replaceAll('_', '-')}.ts`,
    className: (last.class as { name: string }).name,
  };
}

/** The copy forgets the last committed migration: its file and its two lines in index.ts. */
async function forgetLast(dir: string): Promise<void> {
  const { file, className } = lastCommitted();
  await rm(join(dir, file));
  const index = await readFile(join(dir, 'index.ts'), 'utf8');
  await writeFile(join(dir, 'index.ts'), index.split('\n').filter((line) => !line.includes(className)).join('\n'));
}

const template = () => inject('pgliteTemplates')!.initialised;

describe('createMigration', () => {
  it('writes again the last migration a copy of the folder forgot, which then leaves no drift', { timeout: 90_000 }, async () => {
    const { dir, tmpRoot } = await scratch();
    const last = lastCommitted();
    await forgetLast(dir);
    const created = await runInTest(() =>
      createMigration({ name: last.kebab, dir, migrations: migrationsList.slice(0, -1), template: template(), tmpRoot }),
    );

    // Under the committed one's file name, class and recorded name, listed where it was.
    expect(created.file).toBe(join(dir, last.file));
    const source = await readFile(created.file, 'utf8');
    expect(source).toContain(`export class ${last.className} extends Migration {\n  override name = '${migrationsList.at(-1)!.name}';\n`);
    expect(await readFile(join(dir, 'index.ts'), 'utf8')).toBe(await readFile(join(committedDir, 'index.ts'), 'utf8'));
    expect(await readdir(tmpRoot)).toEqual([]);

    // Applied to a fresh database after the earlier ones it leaves no drift, and its down undoes it.
    const { migrationsList: list } = (await import(join(dir, 'index.ts'))) as { migrationsList: MigrationObject[] };
    expect(list.map((m) => m.name)).toEqual(migrationsList.map((m) => m.name));
    const dataDir = await pgliteDataDir('initialised');
    const engine = resolveEngine({ dataDir });
    const orm = await openInTest(() => openOrm(engine, false, list));
    await runInTest(() => runMigrations(orm, engine));
    expect((await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
    await runInTest(() => orm.migrator.down());
    // Down leaves any extension up created; the rest it undoes.
    expect(extensionsFirst(splitStatements((await orm.schema.getUpdateSchemaMigrationSQL({ wrap: false })).up))).toEqual(created.up);
  });

  it('refuses when the schema matches the migrations, leaving the folder as it was and no database behind', async () => {
    const { dir, tmpRoot } = await scratch();
    const before = await readdir(dir);
    const error = await runInTest(() => createMigration({ name: 'nothing-new', dir, template: template(), tmpRoot })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationCreateRefusal);
    expect((error as Error).message).toBe('schema matches the migrations; nothing to create');
    expect(await readdir(dir)).toEqual(before);
    expect(await readFile(join(dir, 'index.ts'), 'utf8')).toBe(await readFile(join(committedDir, 'index.ts'), 'utf8'));
    expect(await readdir(tmpRoot)).toEqual([]);
  });

  it('refuses a name that is not lowercase words joined by hyphens, before any database work', async () => {
    const { dir, tmpRoot } = await scratch();
    await expect(createMigration({ name: 'Add_Part', dir, tmpRoot })).rejects.toThrow(/"Add_Part" is not a migration name/);
    expect(await readdir(tmpRoot)).toEqual([]);
  });
});

describe('migration:create', () => {
  it.each([[[]], [['Add_Part']], [['add-part', 'extra']], [['']]])('answers %j with the usage line and status 1', async (args) => {
    const out: string[] = [];
    const err: string[] = [];
    const status = await migrationCreateCommand(args, '/nonexistent', (l) => out.push(l), (l) => err.push(l));
    expect([status, out, err]).toEqual([1, [], [MIGRATION_CREATE_USAGE]]);
  });
});
