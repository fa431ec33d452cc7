import { peakDuring } from './rss';

export interface WholeList {
  requestsPerSecond: number;
  /** Bytes of one answer. */
  bytes: number;
  /** How many `<part>` items one answer held. */
  items: number;
  /** Peak resident memory of the server during the downloads, less its resident memory before. */
  peakGrowthBytes: number;
}

/** Reads the whole answer as it streams, counting bytes and item starts; nothing is kept. */
async function download(url: string, item: string): Promise<{ bytes: number; items: number }> {
  const response = await fetch(url, { headers: { accept: 'application/xml' } });
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
  const decoder = new TextDecoder();
  const marker = `<${item}>`;
  let bytes = 0;
  let items = 0;
  let carry = '';
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    const text = carry + decoder.decode(chunk, { stream: true });
    items += text.split(marker).length - 1;
    carry = text.slice(-(marker.length - 1));
  }
  return { bytes, items };
}

/**
 * `concurrent` clients each download the whole list `rounds` times; the server's peak memory is
 * read from the kernel's high-water mark, reset just before.
 */
export async function measureWholeList(
  url: string,
  pid: number,
  item: string,
  options: { rounds: number; concurrent: number },
): Promise<WholeList> {
  const started = performance.now();
  const { result, idle, peak } = await peakDuring(pid, () =>
    Promise.all(
      Array.from({ length: options.concurrent }, async () => {
        let last = { bytes: 0, items: 0 };
        for (let round = 0; round < options.rounds; round++) last = await download(url, item);
        return last;
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const first = result[0] ?? { bytes: 0, items: 0 };
  return {
    requestsPerSecond: (options.rounds * options.concurrent) / seconds,
    bytes: first.bytes,
    items: first.items,
    peakGrowthBytes: peak - idle,
  };
}
