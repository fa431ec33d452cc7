import { runCli } from './cli-program';
import { keepFilesPrivate } from './private-files';

// `npm run pips -- <command>`: same environment, same store as the server, files as private.
keepFilesPrivate();
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
