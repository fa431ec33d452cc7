import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; playwright-core drives it and never downloads a browser of its own. */
export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Installs Debian's `chromium` when it is missing and this runs as root; otherwise fails saying
 * how to get it, rather than letting a browser test skip unseen.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing and only root can install it: run \`apt-get install -y chromium\` first`);
  }
  const apt = (...args: string[]) => execFileSync('apt-get', args, { stdio: 'pipe', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    apt('install', '-y', 'chromium');
  } catch {
    // A machine that never read the package lists finds nothing to install.
    apt('update');
    apt('install', '-y', 'chromium');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing`);
}

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** Headless Chromium on a fresh profile, removed when closed. */
export async function openBrowser(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'pips-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: ARGS,
      headless: true,
      viewport: { width: 1280, height: 900 },
    });
    return {
      context,
      async close() {
        try {
          await context.close();
        } finally {
          await rm(profile, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
