import { TOKEN } from './server';

/** An event as compared across PIPS and a floor: its type, its path with ids as `#`, and the names of its payload's fields, sorted. */
export interface EventShape {
  type: string;
  path: string;
  fields: string[];
}

/**
 * Every event of the feed of the PIPS at `url` after sequence `after` (the read numbers what a
 * floor wrote), as shapes, and the last sequence seen.
 */
export async function eventsAfter(url: string, after: number): Promise<{ events: EventShape[]; last: number }> {
  const events: EventShape[] = [];
  let last = after;
  for (;;) {
    const response = await fetch(`${url}/api/v2/${TOKEN}/events?after=${last}&limit=1000`, { headers: { accept: 'application/xml' } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`the event feed answered ${response.status}: ${body}`);
    const items = [...body.matchAll(/<event>([\s\S]*?)\n {2}<\/event>/g)].map((match) => match[1]!);
    if (items.length === 0) return { events, last };
    for (const item of items) {
      last = Number(/<sequence>(\d+)<\/sequence>/.exec(item)![1]);
      const payload = /<payload>\n([\s\S]*?) {4}<\/payload>/.exec(item)?.[1] ?? '';
      events.push({
        type: /<type>([^<]*)<\/type>/.exec(item)![1]!,
        path: /<path>([^<]*)<\/path>/.exec(item)![1]!.replace(/\d+/g, '#'),
        fields: [...payload.matchAll(/^ {6}<([a-z_]+)/gm)].map((match) => match[1]!).sort(),
      });
    }
  }
}
