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
}

/** A write the load sends instead of a GET: its next body (and path, when it varies) each time. */
export interface Send {
  body: () => string;
  /** POST unless told. */
  method?: 'POST' | 'PUT';
  /** The path of each request, when it is not the url's. */
  path?: () => string;
}

/** GETs `url` over `load.connections` connections for `load.seconds`; with `post`, sends its next body each time. */
export async function measure(url: string, load: Load, post?: Send): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: load.connections,
    duration: load.seconds,
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
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
