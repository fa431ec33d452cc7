import autocannon from 'autocannon';

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
}

export interface Load {
  seconds: number;
  connections: number;
  /** Send this many requests in all instead of sending for `seconds`: a write that uses up what was seeded for it. */
  amount?: number;
}

/** A write the load sends instead of a GET: its next body (and path, when it varies) each time. */
export interface Send {
  body: () => string;
  /** POST unless told. */
  method?: 'POST' | 'PUT';
  /** The path of each request, when it is not the url's. */
  path?: () => string;
}

/** GETs `url` over `load.connections` connections for `load.seconds` (or `load.amount` requests); with `post`, sends its next body each time. */
export async function measure(url: string, load: Load, post?: Send): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: load.connections,
    ...(load.amount === undefined ? { duration: load.seconds } : { amount: load.amount }),
    headers: { accept: 'application/xml' },
    ...(post && {
      requests: [
        {
          method: post.method ?? 'POST',
          headers: { accept: 'application/xml', 'content-type': 'application/xml' },
          setupRequest: (request) => ({ ...request, body: post.body(), ...(post.path && { path: post.path() }) }),
        },
      ],
    }),
  });
  return {
    // A fixed amount may take less than the per-second samples the average is made of.
    requestsPerSecond: load.amount === undefined ? result.requests.average : result.requests.total / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
