import { runCli } from './cli-program';

// `npm run pips -- <command>`: same environment, same store as the server.
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
