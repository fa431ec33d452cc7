import { basename, resolve } from 'node:path';
import { Command, CommanderError, type HelpContext } from 'commander';
import { lookup } from 'mime-types';
import { readConfig } from './config';
import { createStoreDatabase, migrateStore, openStore } from './open-store';
import type { AdminOperation } from './admin/admin-operation';
import { printedLines, refusalText } from './admin/failure-text';
import { attachOperation } from './admin/attach';
import { detachOperation } from './admin/detach';
import { encodeNames } from './admin/name-list';
import { tokenCreateOperation } from './admin/token-create';
import { tokenListOperation } from './admin/token-list';
import { tokenRevokeOperation } from './admin/token-revoke';
import { tokenUpdateOperation } from './admin/token-update';
import { webhookAddOperation } from './admin/webhook-add';
import { webhookListOperation } from './admin/webhook-list';
import { webhookRemoveOperation, webhookResumeOperation } from './admin/webhook-remove';
import { importPurchaseOrdersOperation } from './admin/import-purchase-orders';
import { linksRotateKeyOperation } from './admin/links-rotate-key';
import { runAdmin } from './admin/run-admin';
import { backupOperation } from './admin/backup';
import { dbVacuumOperation } from './admin/db-vacuum';
import { callerDirectory } from './admin/input-file';
import { checkBackupFile, restoreBackupFile } from './backup/restore-command';
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

/**
 * Commander, with one change: a command that only groups others (`pips`, `pips token`), called
 * without one of them, is a one-line usage error like any other rather than the whole help on
 * stderr. `--help` still prints the help.
 */
class PipsCommand extends Command {
  override createCommand(name?: string): PipsCommand {
    return new PipsCommand(name);
  }

  override help(context?: HelpContext | ((text: string) => string)): never {
    if (typeof context === 'function') return super.help(context);
    if (context?.error && this.commands.length > 0) {
      const path = [this.name()];
      for (let command = this.parent; command; command = command.parent) path.unshift(command.name());
      const names = this.commands.map((command) => command.name()).join(', ');
      this.error(`error: ${path.join(' ')} needs a command: ${names} (${path.join(' ')} --help says more)`);
    }
    return super.help(context);
  }
}

function buildProgram(io: CliIo) {
  /** Runs an operation on the data here or in the running server; a failure's lines are printed already. */
  const admin = async (operation: AdminOperation, args: Record<string, string>, file: string | null) => {
    const run = { config: readConfig(io.env), openStore: io.openStore ?? openStore, out: io.out, err: io.err };
    const code = await runAdmin(run, operation, args, file);
    if (code !== 0) throw new CommanderError(code, 'pips.adminFailed', '');
  };
  const program = new PipsCommand('pips')
    .description('PIPS administration: tokens, databases and migrations, imports, attachments and their links')
    .exitOverride()
    // Commander's errors quote what was typed: shown on one line, whatever it holds.
    .configureOutput({ writeOut: io.out, writeErr: io.err, outputError: (text) => io.err(printedLines([text.trimEnd()])) });
  const token = program.command('token').description('manage API tokens');

  token
    .command('create')
    .description('issue a token; prints only the token')
    .requiredOption('--name <name>', 'who or what the token is for')
    .option('--permission <permission>', 'grant a permission (repeatable)', (p: string, all: string[]) => [...all, p], [])
    .option('--read-only', 'a read-only token: it reads as its permissions allow, and every change it asks for is refused (403)')
    .action(async (options: { name: string; permission: string[]; readOnly?: boolean }) => {
      const args = { name: options.name, permissions: encodeNames(options.permission), readOnly: String(options.readOnly === true) };
      await admin(tokenCreateOperation, args, null);
      if (readConfig(io.env).databaseUrl === 'memory:') io.err('warning: the store is memory; this token ends with this command\n');
    });

  token
    .command('list')
    .description('list tokens: id, name, permissions, created, revoked, scope (read-write or read-only)')
    .action(() => admin(tokenListOperation, {}, null));

  token
    .command('revoke')
    .description('revoke the live tokens with this name or id')
    .argument('<name-or-id>')
    .action((nameOrId: string) => admin(tokenRevokeOperation, { nameOrId }, null));

  token
    .command('update')
    .description('change a live token: permissions added or removed, read-only or read-write; a running server takes it within a second')
    .argument('<name-or-id>')
    .option('--add-permission <permission>', 'grant a permission (repeatable)', (p: string, all: string[]) => [...all, p], [])
    .option('--remove-permission <permission>', 'take a permission away (repeatable)', (p: string, all: string[]) => [...all, p], [])
    .option('--read-only', 'make it read-only: every change it asks for is refused (403)')
    .option('--read-write', 'make it read-write again')
    .action((nameOrId: string, options: { addPermission: string[]; removePermission: string[]; readOnly?: boolean; readWrite?: boolean }) => {
      const args = {
        nameOrId,
        add: encodeNames(options.addPermission),
        remove: encodeNames(options.removePermission),
        readOnly: String(options.readOnly === true),
        readWrite: String(options.readWrite === true),
      };
      return admin(tokenUpdateOperation, args, null);
    });

  program
    .command('links')
    .description('manage signed attachment download links')
    .command('rotate-key')
    .description('sign links with a new key: every link handed out before is refused, by every server within a second')
    .action(() => admin(linksRotateKeyOperation, {}, null));

  const webhook = program.command('webhook').description('manage webhooks: subscribers the server posts each event to, signed (docs/webhooks.md)');

  webhook
    .command('add')
    .description('post events to URL from now on; prints the id, and the secret when one is made (shown only now)')
    .argument('<url>', 'an http or https URL')
    .option('--type <type>', 'an event type (inventory_unit.split) or family (inventory_unit) to post (repeatable); default every event', (t: string, all: string[]) => [...all, t], [])
    .option('--secret <secret>', 'the signing secret, whsec_ and the base64 of 24 to 64 bytes; default one made for it')
    .option('--after <sequence>', 'post the events after this feed sequence instead (a replay); default the newest one')
    .action((url: string, options: { type: string[]; secret?: string; after?: string }) => {
      const args: Record<string, string> = { url, types: encodeNames(options.type) };
      if (options.secret !== undefined) args.secret = options.secret;
      if (options.after !== undefined) args.after = options.after;
      return admin(webhookAddOperation, args, null);
    });

  webhook
    .command('list')
    .description('list webhooks: id, url, types, state, delivered_through, attempts, last_error, next_attempt, last_delivered, created')
    .action(() => admin(webhookListOperation, {}, null));

  webhook
    .command('remove')
    .description('stop posting to a webhook and forget it')
    .argument('<id>')
    .action((id: string) => admin(webhookRemoveOperation, { id }, null));

  webhook
    .command('resume')
    .description('post to a webhook again now (one marked failing, or one waiting to retry), from the first event it has not taken')
    .argument('<id>')
    .action((id: string) => admin(webhookResumeOperation, { id }, null));

  program
    .command('migrate')
    .description('bring the database schema up to date')
    .action(async () => {
      const result = await (io.migrateStore ?? migrateStore)(readConfig(io.env));
      if (!result) io.out('nothing to migrate: the memory store has no schema\n');
      else if (result.applied.length === 0) io.out('the database schema is up to date\n');
      else io.out(`applied ${result.applied.join(', ')}\n`);
    });

  const db = program.command('db').description('manage the database');

  db.command('create')
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

  db.command('vacuum')
    .description('VACUUM (ANALYZE) every table, reclaiming dead rows for reuse and refreshing statistics; on the embedded database also a checkpoint, done by the running server between its requests')
    .action(() => admin(dbVacuumOperation, {}, null));

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

  program
    .command('backup')
    .description('write a backup of everything PIPS keeps (rows and attachment files, of one point in time) to FILE, private to you (0600); it holds token hashes and the link key')
    .argument('<file>')
    .action((file: string) => admin(backupOperation, { file: resolve(callerDirectory(io.env), file) }, null));

  program
    .command('restore')
    .description('bring a backup back into an empty DATA_DIR or an empty database (refusing one that holds data); --check only verifies it')
    .option('--check', 'verify the backup (every part against its checksum) and say what it holds, restoring nothing')
    .argument('<file>')
    .action(async (file: string, options: { check?: boolean }) => {
      const directory = callerDirectory(io.env);
      io.out(options.check ? await checkBackupFile(file, directory) : await restoreBackupFile(readConfig(io.env), io.openStore ?? openStore, file, directory));
    });

  return program;
}

/**
 * Runs one CLI command; returns the exit code. Every failure is exit 1 and a line on stderr (a
 * refusal, one line per problem): a usage error, a refusal by the domain, a file that cannot be
 * read, a database that cannot be opened, and anything unforeseen, whose stack is printed only
 * with LOG_LEVEL=debug, as the server does.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its own usage errors (and `--help` its help, exit 0); a failed operation its lines.
      return error.exitCode;
    }
    const refused = refusalText(error);
    if (refused !== null) {
      io.err(refused);
      return 1;
    }
    const problem = startupProblem(error);
    if (!problem.unexpected) {
      io.err(printedLines([`error: ${problem.line}`]));
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(printedLines([`error: the command failed: ${message.split('\n')[0] ?? ''}`]));
    if (/^(debug|trace)$/i.test(io.env.LOG_LEVEL ?? '')) io.err(`${error instanceof Error ? (error.stack ?? message) : message}\n`);
    return 1;
  }
}
