import { compareAnswers, maskCreated, type Answer } from './compare';
import { TOKEN } from './server';
import { partnumbersIn, partSettingOf, revisionIdOf, writeTargets, type WriteTarget } from './write-targets';

const API = `/api/v2/${TOKEN}`;

/** One request's answer: status, body and `X-Pagination`. */
export async function answer(url: string, init?: RequestInit): Promise<Answer> {
  const response = await fetch(url, { ...init, headers: { accept: 'application/xml', 'content-type': 'application/xml' } });
  return { status: response.status, body: await response.text(), pagination: response.headers.get('x-pagination') };
}

/** A write's first request on one side, its answer with ids, times and the name it wrote masked. */
export async function written(url: string, write: WriteTarget, side: string): Promise<Answer> {
  const name = `bench compare ${side} ${Date.now()}`;
  const reply = await answer(url + write.path(0), { method: write.method, body: write.body(name, 0) });
  return { ...reply, body: maskCreated(reply.body, name) };
}

/** Throws the first difference between two servers' answers. */
export function expectAlike(engine: string, label: string, a: Answer, b: Answer | undefined): void {
  const difference = compareAnswers(label, a, b ?? { status: 0, body: '', pagination: null });
  if (difference) throw new Error(`${engine} ${difference}`);
}

/**
 * The writes of an engine whose floor writes parts: creates like the seeded parts; updates round
 * the parts after the first but the last; bill lines on the draft of the part `showPartPath`
 * shows, which no part lists, listing the first page of parts in turn.
 */
export async function partWrites(url: string, showPartPath: string, partIds: readonly number[]): Promise<WriteTarget[]> {
  const text = async (path: string) => (await answer(url + path)).body;
  const shown = await text(showPartPath);
  const setting = partSettingOf(shown, partIds.slice(1, Math.min(1001, partIds.length - 1)));
  const childPartnumbers = partnumbersIn(await text(`${API}/part?page=1&per_page=100`));
  return writeTargets(setting, { assemblyRevisionId: revisionIdOf(shown), childPartnumbers });
}
