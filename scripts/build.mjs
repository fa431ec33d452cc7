// Builds what an npm script needs before it runs (`node scripts/build.mjs [PACKAGE]`: PACKAGE and
// the packages it depends on, or the whole workspace), quietly: nothing at all when turbo's cache
// has everything; otherwise, on stderr, that it is building and how far it is. stdout stays
// empty, so `TOKEN=$(npm run -s pips -- token create …)` captures the token alone. turbo's own
// text (its version banner, its summary) is not shown; a failed build shows the failing
// package's output, as `--output-logs=errors-only` did. See docs/decisions.md, "CLI".
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const target = process.argv[2];
// --json: turbo writes one event a line on stdout (and no banner); new-only: a package taken
// from the cache says so in one line, a package built says so first, then its output.
const args = ['run', 'build', '--json', '--output-logs=new-only', '--no-update-notifier'];
if (target) args.push(`--filter=${target}...`);

const started = Date.now();
const turbo = spawn('turbo', args, { stdio: ['ignore', 'pipe', 'inherit'] });
const say = (line) => process.stderr.write(`${line}\n`);
const packages = (n) => `${n} package${n === 1 ? '' : 's'}`;

let total = 0;
let visited = 0;
let built = 0;
/** Each package's output, by turbo's task id, shown only if the build fails. */
const output = new Map();
/** turbo's own lines that are not progress (errors, the failed tasks). */
const turboLines = [];

function onEvent(event) {
  if (event.source === 'turbo') {
    const scope = /Running build in (\d+) packages?/.exec(event.text);
    if (scope) total = Number(scope[1]);
    else if (event.level === 'warn') say(`turbo: warning: ${event.text.trim()}`);
    else if (event.text.trim()) turboLines.push(event);
    return;
  }
  const task = event.source;
  if (!output.has(task)) {
    output.set(task, []);
    visited += 1;
    if (/^cache miss/.test(event.text)) {
      if (built === 0) say(`building ${target ? `${target} and what it needs` : 'the workspace'} (${packages(total)}); once after a clone or a change, later runs reuse it`);
      built += 1;
      say(`  [${visited}/${total}] ${task.replace(/#build$/, '')}`);
    }
  }
  output.get(task).push(event.text);
}

const lines = createInterface({ input: turbo.stdout });
lines.on('line', (text) => {
  let event;
  try {
    event = JSON.parse(text);
  } catch {
    event = { source: 'turbo', level: 'info', text };
  }
  onEvent(event);
});

const [code] = await Promise.all([
  new Promise((resolve) => {
    turbo.on('error', (error) => {
      say(`error: cannot run turbo (${error.message}); run npm ci first, and the build through npm (npm start, npm run -s pips …)`);
      resolve(1);
    });
    turbo.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  }),
  new Promise((resolve) => lines.on('close', resolve)),
]);

if (code === 0) {
  if (built > 0) say(`built ${built} of ${packages(total)} in ${Math.round((Date.now() - started) / 1000)} s`);
} else if (turboLines.length > 0) {
  // The failed packages' output (every built package's when turbo names none), then turbo's verdict.
  const failed = turboLines.flatMap((e) => /^Failed:\s+(.*)$/.exec(e.text.trim())?.[1].split(/,\s*/) ?? []);
  for (const task of failed.length > 0 ? failed : [...output.keys()]) {
    for (const text of output.get(task) ?? []) say(`${task.replace(/#build$/, ':build')}: ${text}`);
  }
  for (const event of turboLines.filter((e) => e.level === 'error' || /^Failed:/.test(e.text.trim()))) say(event.text.trim());
  say(`build failed (turbo exited ${code})`);
}
process.exitCode = code;
