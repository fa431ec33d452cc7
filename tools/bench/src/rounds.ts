import { measure, type Figures, type Load, type Send } from './measure';

/** A server measured against the others on the same request. */
export interface Contender {
  name: string;
  url: string;
  /** Sends this write each time instead of a GET. */
  post?: Send;
}

export type Measure = (url: string, load: Load, post?: Send) => Promise<Figures>;

/** The round with the median requests per second (the lower middle of an even count), with every round's errors. */
export function median(rounds: readonly Figures[]): Figures {
  if (rounds.length === 0) throw new Error('no rounds to take a median of');
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...middle, errors: rounds.reduce((sum, round) => sum + round.errors, 0) };
}

/**
 * Each contender warmed up, then measured `rounds` times in turn (A B C, A B C, …), and its median
 * round kept. On a shared machine whose speed drifts, taking turns slows every contender alike, so
 * their ratio holds where measuring one after the other would compare different minutes; the
 * median leaves out a round that caught a burst of other work.
 */
export async function interleaved(
  contenders: readonly Contender[],
  load: Load,
  warmUp: Load,
  rounds: number,
  run: Measure = measure,
): Promise<Map<string, Figures>> {
  for (const c of contenders) await run(c.url, warmUp, c.post);
  const measured = new Map<string, Figures[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const c of contenders) measured.get(c.name)!.push(await run(c.url, load, c.post));
  }
  return new Map([...measured].map(([name, figures]) => [name, median(figures)]));
}
