import { basename } from 'node:path';
import { Command, CommanderError } from 'commander';
import { lookup } from 'mime-types';
import { isPipsError, issueToken, listTokens, revokeToken, systemClock, type TokenDeps } from '@pips/domain';
import { readConfig } from './config';
import { createStoreDatabase, migrateStore, openStore, type OpenedStore } from './open-store';
import { isAdminFailure, type AdminOperation } from './admin/admin-operation';
import { attachOperation } from './admin/attach';
import { detachOperation } from './admin/detach';
import { importPurchaseOrdersOperation } from './admin/import-purchase-orders';
import { runAdmin } from './admin/run-admin';
import { startupProblem } from './startup-error';

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  out(text: string): void;
  err(text: string): void;
  /** Defaults to the server's own `openStore`, so the CLI works on the same data. */
  openStore?: typeof openStore;
  migrateStore?: typeof migrateStore;
  createStoreDatabase?: typeof createStoreDatabase;
}

const isMemory = (opened: OpenedStore) => opened.description.startsWith('memory');

/** `token list` columns; the hash is never shown. The scope came last, so scripts reading the others by position still work. */
function tokenTable(tokens: Awaited<ReturnType<typeof listTokens>>): string {
  const rows = tokens.map((t) => [
    String(t.id),
    t.name,
    t.permissions || '-',
    t.created_at.toISOString(),
    t.revoked_at ? t.revoked_at.toISOString() : '-',
    t.read_only ? 'read-only' : 'read-write',
  ]);
  return [['id', 'name', 'permissions', 'created', 'revoked', 'scope'], ...rows].map((r) => r.join('\t')).join('\n');
}

function buildProgram(io: CliIo, withStore: <T>(work: (deps: TokenDeps, opened: OpenedStore) => Promise<T>) => Promise<T>) {
  /** Runs a data-changing operation here or in the running server; a failure's lines are printed already. */
  const admin = async (operation: AdminOperation, args: Record<string, string>, file: string | null) => {
    const run = { config: readConfig(io.env), openStore: io.openStore ?? openStore, out: io.out, err: io.err };
    const code = await runAdmin(run, operation, args, file);
    if (code !== 0) throw new CommanderError(code, 'pips.adminFailed', '');
  };
  const program = new Command('pips')
    .description('PIPS administration: tokens, databases and migrations, imports and attachments')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  const token = program.command('token').description('manage API tokens');

  token
    .command('create')
    .description('issue a token; prints only the token')
    .requiredOption('--name <name>', 'who or what the token is for')
    .option('--permission <permission>', 'grant a permission (repeatable)', (p: string, all: string[]) => [...all, p], [])
    .option('--read-only', 'a read-only token: it reads as its permissions allow, and every change it asks for is refused (403)')
    .action(async (options: { name: string; permission: string[]; readOnly?: boolean }) => {
      await withStore(async (deps, opened) => {
        const issued = await issueToken(deps, { name: options.name, permissions: options.permission, readOnly: options.readOnly === true });
        if (isMemory(opened)) io.err(`warning: the store is ${opened.description}; this token ends with this command\n`);
        io.out(`${issued.token}\n`);
      });
    });

  token
    .command('list')
    .description('list tokens: id, name, permissions, created, revoked, scope (read-write or read-only)')
    .action(async () => {
      await withStore(async (deps) => io.out(`${tokenTable(await listTokens(deps))}\n`));
    });

  token
    .command('revoke')
    .description('revoke the live tokens with this name or id')
    .argument('<name-or-id>')
    .action(async (nameOrId: string) => {
      await withStore(async (deps) => {
        const count = await revokeToken(deps, nameOrId);
        if (count === 0) throw new CommanderError(1, 'pips.noToken', `error: no live token named or numbered "${nameOrId}"\n`);
        io.out(`revoked ${count} token${count === 1 ? '' : 's'}\n`);
      });
    });

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      const result = await (io.migrateStore ?? migrateStore)(readConfig(io.env));
      if (!result) io.out('nothing to migrate: the memory store has no schema\n');
      else if (result.applied.length === 0) io.out('the database schema is up to date\n');
      else io.out(`applied ${result.applied.join(', ')}\n`);
    });

  program
    .command('db')
    .description('manage the database')
    .command('create')
    .description('create the PostgreSQL database DATABASE_URL names (the server never creates one), then migrate it')
    .action(async () => {
      const config = readConfig(io.env);
      const created = await (io.createStoreDatabase ?? createStoreDatabase)(config);
      if (created === 'embedded') io.out('nothing to create: the embedded database is made on first use\n');
      else if (created === 'memory') io.out('nothing to create: the memory store keeps nothing\n');
      else io.out(created === 'created' ? 'created the database\n' : 'the database already exists\n');
      const result = await (io.migrateStore ?? migrateStore)(config);
      if (result && result.applied.length > 0) io.out(`applied ${result.applied.join(', ')}\n`);
    });

  program
    .command('import')
    .description('bring data in from a file')
    .command('purchase-orders')
    .description('import purchase orders (the show form, many under <purchase_orders type="array">): all or none')
    .argument('<file>')
    .action((file: string) => admin(importPurchaseOrdersOperation, {}, file));

  program
    .command('attach')
    .description('attach FILE to a record: --parent part/ID, parts/ID/revisions/ID, manufacturer/ID, vendor/ID, customer/ID or contact/ID')
    .requiredOption('--parent <path>', 'the record the file belongs to, as its API path (part/12)')
    .requiredOption('--title <title>', 'what the attachment is called')
    .option('--note-type <type>', 'what kind of note it is (datasheet, drawing…)')
    .option('--content-type <type>', 'the media type; guessed from the file name when left out')
    .argument('<file>')
    .action((file: string, options: { parent: string; title: string; noteType?: string; contentType?: string }) => {
      const contentType = options.contentType ?? (lookup(file) || 'application/octet-stream');
      const args = { parent: options.parent, title: options.title, filename: basename(file), contentType, ...(options.noteType ? { noteType: options.noteType } : {}) };
      return admin(attachOperation, args, file);
    });

  program
    .command('detach')
    .description('remove an attachment and its file')
    .argument('<id>')
    .action((id: string) => admin(detachOperation, { id }, null));

  return program;
}

/** Runs one CLI command; returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const withStore = async <T>(work: (deps: TokenDeps, opened: OpenedStore) => Promise<T>): Promise<T> => {
    const opened = await (io.openStore ?? openStore)(readConfig(io.env));
    try {
      return await work({ store: opened.store, clock: systemClock }, opened);
    } finally {
      await opened.blobs.close();
      await opened.store.close();
    }
  };
  try {
    await buildProgram(io, withStore).parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its own usage errors; ours carry their message.
      if (error.code === 'pips.noToken') io.err(error.message);
      return error.exitCode;
    }
    if (isAdminFailure(error)) {
      io.err(`${error.lines.join('\n')}\n`);
      return 1;
    }
    if (isPipsError(error)) {
      io.err(`error: ${error.message}\n`);
      return 1;
    }
    const problem = startupProblem(error);
    if (problem.unexpected) throw error;
    io.err(`error: ${problem.line}\n`);
    return 1;
  }
}
