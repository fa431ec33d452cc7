import { mkdtempSync, rmSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openMikroOrmStore } from './open-mikro-orm-store';

/**
 * Test support: creating an embedded database costs seconds (PGlite runs initdb on first use), a
 * copy of one costs a fraction of that. So a run prepares two DATA_DIRs once, `initialised`
 * (an empty cluster, no schema) and `migrated` (every migration applied), and each test copies
 * the one it needs into a folder of its own.
 */
export interface PgliteTemplates {
  /** The folder holding both templates; removed when the run ends. */
  readonly root: string;
  /** A DATA_DIR whose database exists but has no schema yet. */
  readonly initialised: string;
  /** A DATA_DIR whose database has every migration applied. */
  readonly migrated: string;
}

export type PgliteTemplate = 'initialised' | 'migrated';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by `providePgliteTemplates` in a global setup. */
    pgliteTemplates?: PgliteTemplates;
  }
}

const newTempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** Makes both templates in a new temporary folder `pips-pglite-templates-…`. */
export async function createPgliteTemplates(): Promise<PgliteTemplates> {
  const root = newTempDir('pips-pglite-templates-');
  const templates = { root, initialised: join(root, 'initialised'), migrated: join(root, 'migrated') };
  try {
    // PGlite creates its cluster on the first query, not on open.
    const store = await openMikroOrmStore({ dataDir: templates.initialised, migrate: false });
    try {
      await store.ping();
    } finally {
      await store.close();
    }
    await cp(templates.initialised, templates.migrated, { recursive: true });
    await migrateDatabase({ dataDir: templates.migrated });
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return templates;
}

/**
 * A global setup (`export { providePgliteTemplates as default }`): the first project of a run to
 * ask makes the templates and provides them to every project; the others find them provided.
 * The teardown of the project that made them removes them, after every test of the run.
 */
export async function providePgliteTemplates(project: TestProject): Promise<() => Promise<void>> {
  if (project.getProvidedContext().pgliteTemplates) return async () => undefined;
  const started = performance.now();
  const templates = await createPgliteTemplates();
  console.info(`[pglite] templates prepared in ${Math.round(performance.now() - started)} ms at ${templates.root}`);
  project.vitest.provide('pgliteTemplates', templates);
  // Should the run end without its teardown, the templates go with the process all the same.
  const removeOnExit = () => rmSync(templates.root, { recursive: true, force: true });
  process.once('exit', removeOnExit);
  return async () => {
    process.off('exit', removeOnExit);
    await rm(templates.root, { recursive: true, force: true });
  };
}

/** A copy of a DATA_DIR under way: the new folder is known at once, so it can be removed whatever happens. */
export interface DataDirCopy {
  readonly dir: string;
  /** Resolves when the copy is complete; a copy that fails has removed its folder. */
  readonly ready: Promise<void>;
  /** Waits for the copy to settle, then removes the folder. */
  remove(): Promise<void>;
}

/** Copies the DATA_DIR `from` into a new temporary folder named `<prefix>…`. */
export function copyDataDir(from: string, prefix = 'pips-data-'): DataDirCopy {
  const dir = newTempDir(prefix);
  const ready = cp(from, dir, { recursive: true }).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    dir,
    ready,
    async remove() {
      await ready.catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Inside a test file: a copy of one of the run's templates (see `providePgliteTemplates`). */
export function copyPgliteTemplate(template: PgliteTemplate, prefix?: string): DataDirCopy {
  const templates = inject('pgliteTemplates');
  if (!templates) {
    throw new Error(
      "No PGlite templates were provided: add a global setup that runs `providePgliteTemplates` to this project's vitest config",
    );
  }
  return copyDataDir(templates[template], prefix);
}
