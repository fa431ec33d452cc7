import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT } from './test-processes';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

// The image runs on the Node the project pins, so its default base moves with the lock file.
test('the image is built by default on the official Node image of the version the project pins', () => {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> };
  const pinned = lock.packages['node_modules/node']?.version;
  expect(pinned).toMatch(/^24\./);
  expect(read('Dockerfile')).toContain(`\nARG BASE_IMAGE=node:${pinned}-bookworm-slim\n`);
  expect(read('compose.yaml')).toContain(`BASE_IMAGE: \${BASE_IMAGE:-node:${pinned}-bookworm-slim}`);
});
