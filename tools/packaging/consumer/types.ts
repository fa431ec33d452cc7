// Type-checked (never run) against the installed declarations, as a TypeScript service would
// compile. Each `@ts-expect-error` proves a declaration is real: were it `any`, the line would
// compile, the directive would be unused, and the check would fail.
import { issueToken, parseIssueToken, systemClock, type Store } from '@pips/domain';
import { schema } from '@pips/domain/storage';
import { createMemoryStore } from '@pips/domain/memory';
import { createFakeStore } from '@pips/domain/test';
import { buildXml, fields, parseXml } from '@pips/xml';
import { compileElement, form } from '@pips/xml/forms';
import { createApp, listen, type AppDeps } from '@pips/http';
import { createMemoryBlobStore } from '@pips/store-memory';
import { openMikroOrmStore, type MikroOrmStoreOptions } from '@pips/store-mikro-orm';
import { pgliteDataDir } from '@pips/store-mikro-orm/test';
import { runStoreContract, type StoreCapabilities } from '@pips/store-contract';
import { openFsBlobStore } from '@pips/blob-fs';
import { createPipsClient, isPipsApiError } from '@pips/client';
import { startHarness, type Harness } from '@pips/harness';

export async function compose(): Promise<string> {
  const store: Store = createMemoryStore();
  const { token } = await issueToken({ store, clock: systemClock }, parseIssueToken({ name: 'me', permissions: ['manage_data'] }));
  const deps: AppDeps = { store, clock: systemClock, timezone: 'UTC', blobs: createMemoryBlobStore() };
  const app = createApp(deps);
  // @ts-expect-error Koa's declarations come with @pips/http: an app has no such method.
  app.notAKoaMethod();
  // @ts-expect-error the timezone is a string
  createApp({ store, clock: systemClock, timezone: 0 });
  const listener = await listen(app.callback(), 0, '127.0.0.1');
  await listener.close();
  return token;
}

export async function useClient(harness: Harness): Promise<string> {
  const pips = createPipsClient({ baseUrl: harness.url, token: harness.token });
  const maker = await pips.manufacturers.create({ name: 'Acme' });
  // @ts-expect-error a manufacturer's id is a number
  const id: string = maker.id;
  try {
    return (await pips.manufacturers.show(maker.id)).name + id;
  } catch (error) {
    if (isPipsApiError(error)) return error.code;
    throw error;
  }
}

export const started: Promise<Harness> = startHarness({ port: 0 });
export const options: MikroOrmStoreOptions = { dataDir: './data' };
export const opening = openMikroOrmStore(options);
export const blobs = openFsBlobStore('./blobs');
export const capabilities: StoreCapabilities = { concurrentWriters: false, retriesOnDeadlock: false, persistent: false, postsInOrder: false };
export const kits = [runStoreContract, pgliteDataDir, createFakeStore, compileElement, form] as const;
export const tables: string[] = Object.keys(schema);
export const xml: string = buildXml('unit', fields([['name', 'Each']]));
export const params = parseXml(xml);
