/**
 * Upper bounds of the latency buckets, in seconds: PIPS answers most requests in 0.1 to 100 ms,
 * so that range has three buckets a decade; slower answers (a long list, a busy database) up to 10 s.
 */
export const LATENCY_BUCKETS: readonly number[] = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
];

/** What was answered for one method on one route. */
export interface RouteSeries {
  readonly method: string;
  readonly route: string;
  /** Requests answered, by status. */
  readonly statuses: Map<number, number>;
  /** Requests by latency bucket, not cumulative: `buckets[i]` counts those above bound i-1 up to bound i; the last, those above every bound. */
  readonly buckets: number[];
  /** Seconds spent on them, in all. */
  seconds: number;
  count: number;
}

export interface RequestTally {
  /** One answered request. Plain numbers in maps found by the label values themselves: nothing is hashed or built per request. */
  record(method: string, route: string, status: number, seconds: number): void;
  /** Every method and route answered so far. */
  series(): IterableIterator<RouteSeries>;
}

function bucketOf(seconds: number): number {
  let i = 0;
  while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i++;
  return i;
}

/**
 * The request counts of one process, kept as plain numbers and read when metrics are scraped.
 * prom-client's own children hash their label values and turn a bucket's bound into a string on
 * every observation (about 100 times the cost of this), so the request path records here instead.
 */
export function createRequestTally(): RequestTally {
  // By route, then method: both are strings V8 has already hashed (registered templates, the parser's method names).
  const byRoute = new Map<string, Map<string, RouteSeries>>();
  const all: RouteSeries[] = [];

  function seriesOf(method: string, route: string): RouteSeries {
    let methods = byRoute.get(route);
    if (methods === undefined) byRoute.set(route, (methods = new Map()));
    let series = methods.get(method);
    if (series === undefined) {
      series = { method, route, statuses: new Map(), buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0), seconds: 0, count: 0 };
      methods.set(method, series);
      all.push(series);
    }
    return series;
  }

  return {
    record(method, route, status, seconds) {
      const series = seriesOf(method, route);
      series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
      series.buckets[bucketOf(seconds)]!++;
      series.seconds += seconds;
      series.count++;
    },
    series: () => all.values(),
  };
}
