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

/** GETs `url` over `load.connections` connections for `load.seconds`; with `post`, POSTs its next body each time. */
export async function measure(url: string, load: Load, post?: { body: () => string }): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: load.connections,
    duration: load.seconds,
    headers: { accept: 'application/xml' },
    ...(post && {
      requests: [
        {
          method: 'POST',
          headers: { accept: 'application/xml', 'content-type': 'application/xml' },
          setupRequest: (request) => ({ ...request, body: post.body() }),
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
