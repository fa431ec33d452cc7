import { startHarness, type Harness } from '@pips/harness';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createPipsClient, type PipsClient } from '../client';
import { recordCalls, type RecordedClient } from './record-calls';

/** What a test file works with: the harness, and a client on it whose calls are recorded. */
export interface OnHarness {
  readonly harness: Harness;
  readonly recorded: RecordedClient;
  readonly client: PipsClient;
}

/**
 * Starts a harness for the calling test file (closed after its tests) with a recording client on
 * it, and empties it before each test; a file's own `beforeEach` runs after that reset.
 */
export function onHarness(): OnHarness {
  let harness: Harness | undefined;
  let recorded: RecordedClient | undefined;
  beforeAll(async () => {
    harness = await startHarness();
    recorded = recordCalls(createPipsClient({ baseUrl: harness.url, token: harness.token }));
  });
  afterAll(async () => {
    await harness?.close();
  });
  beforeEach(() => harness!.reset());
  return {
    get harness() {
      return harness!;
    },
    get recorded() {
      return recorded!;
    },
    get client() {
      return recorded!.client;
    },
  };
}
