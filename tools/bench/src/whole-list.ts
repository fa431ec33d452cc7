import { get } from 'node:http';
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

/**
 * Reads the whole answer as it streams, counting bytes and item starts; nothing is kept. Each
 * download opens its own connection (`agent: false`): a pooled one left idle through the previous
 * measurement may be closed by the server just as it is reused.
 */
function download(url: string, item: string): Promise<{ bytes: number; items: number }> {
  const marker = `<${item}>`;
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, headers: { accept: 'application/xml' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url}: ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let bytes = 0;
      let items = 0;
      let carry = '';
      response.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        const text = carry + chunk;
        items += text.split(marker).length - 1;
        carry = text.slice(-(marker.length - 1));
      });
      response.on('end', () => resolve({ bytes, items }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
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
