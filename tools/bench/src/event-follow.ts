/** One page of the feed as a follower reads it: its body and its events' numbers, in order. */
export interface FeedPage {
  body: string;
  sequences: number[];
}

export const sequencesIn = (body: string): number[] => [...body.matchAll(/<sequence>(\d+)<\/sequence>/g)].map((match) => Number(match[1]));

/**
 * A follower reading the feed from `after` to its end: each page asked after the last number it
 * got, until a page is empty. Each page's numbers must rise above the last one read; without a
 * type filter (`contiguous`) they must follow it with no gap. Answers the events read and the last number.
 */
export async function follow(
  page: (after: number) => Promise<FeedPage>,
  { after = 0, contiguous }: { after?: number; contiguous: boolean },
): Promise<{ events: number; last: number; pages: number }> {
  let last = after;
  let events = 0;
  let pages = 0;
  for (;;) {
    const { sequences } = await page(last);
    pages++;
    if (sequences.length === 0) return { events, last, pages };
    for (const sequence of sequences) {
      if (contiguous ? sequence !== last + 1 : sequence <= last) throw new Error(`the feed gave ${sequence} after ${last}`);
      last = sequence;
    }
    events += sequences.length;
  }
}
