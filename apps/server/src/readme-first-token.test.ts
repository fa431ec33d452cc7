import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { authenticate, permissions, systemClock } from '@pips/domain';
import { createMemoryBlobStore, createMemoryStore } from '@pips/store-memory';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-program';
import { REPO_ROOT } from './test-processes';

describe("the README's first token", () => {
  it('may do everything whoever sets up the service needs: every permission, read-write', async () => {
    const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
    const command = /^TOKEN=\$\(npm run -s pips -- (token create [^)]*)\)$/m.exec(readme)?.[1];
    expect(command, 'README.md runs `TOKEN=$(npm run -s pips -- token create …)`').toBeDefined();
    const store = createMemoryStore();
    let out = '';
    const code = await runCli(command!.split(' '), {
      env: { DATABASE_URL: 'memory:' },
      out: (text) => (out += text),
      err: () => undefined,
      openStore: async () => ({ store: { ...store, close: async () => {} }, blobs: createMemoryBlobStore(), description: 'memory' }),
    });
    expect(code).toBe(0);
    const principal = await authenticate({ store, clock: systemClock }, out.trim());
    expect([...principal.permissions].sort()).toEqual([...permissions].sort());
    expect(principal.readOnly).toBe(false);
  });
});
