import { request } from 'node:http';

/** One request of the load, and how the server's metrics should count it. */
interface Call {
  method: string;
  path: string;
  body?: string;
  route: string;
  status: number;
  /** The error code it is answered with, if it is an error. */
  code?: string;
}

/** What a load asked of the server, as `pips_http_requests_total` and `pips_http_errors_total` should count it. */
export interface Expected {
  /** Requests by method, route and status. */
  readonly requests: Map<string, { labels: Record<string, string>; count: number }>;
  /** Error answers by code. */
  readonly errors: Map<string, number>;
  total: number;
}

/**
 * One request on a connection of its own (`agent: false`), so a cluster's workers take turns at
 * the load: each new connection goes to the next worker.
 */
export function send(base: URL, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'Content-Type': 'application/xml' };
    const req = request(new URL(path, base), { method, agent: false, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A mixed load, partly concurrent: creates, shows and lists that succeed, 404s (unknown id,
 * unknown route, a path outside the API), 401s with a bad token, 400s with malformed or invalid
 * bodies, and probes. Every answer's status is checked; what the metrics should say is returned.
 */
export async function mixedLoad(base: URL, token: string, badToken: string): Promise<Expected> {
  const expected: Expected = { requests: new Map(), errors: new Map(), total: 0 };
  let names = 0;
  const api = (path: string) => `/api/v2/${token}${path}`;
  const create = (): Call => ({ method: 'POST', path: api('/unit'), body: `<unit><name>Unit ${++names}</name></unit>`, route: '/unit', status: 200 });
  const show = (id: string): Call => ({ method: 'GET', path: api(`/unit/${id}`), route: '/unit/:id', status: 200 });
  const list: Call = { method: 'GET', path: api('/unit'), route: '/unit', status: 200 };
  const failures: Call[] = [
    { method: 'GET', path: api('/unit/999999'), route: '/unit/:id', status: 404, code: 'not_found' },
    { method: 'GET', path: api('/no/such/route'), route: 'unmatched', status: 404, code: 'not_found' },
    { method: 'GET', path: '/nowhere', route: 'unmatched', status: 404, code: 'not_found' },
    { method: 'GET', path: `/api/v2/${badToken}/unit`, route: 'unmatched', status: 401, code: 'unauthorized' },
    { method: 'POST', path: `/api/v2/${badToken}/unit`, body: '<unit><name>X</name></unit>', route: 'unmatched', status: 401, code: 'unauthorized' },
    { method: 'POST', path: api('/unit'), body: '<unit><name>', route: '/unit', status: 400, code: 'malformed' },
    { method: 'POST', path: api('/unit'), body: '<unit><name></name></unit>', route: '/unit', status: 400, code: 'invalid' },
    { method: 'PUT', path: api('/unit/1'), body: '<unit><name>', route: '/unit/:id', status: 400, code: 'malformed' },
  ];
  const probe: Call = { method: 'GET', path: '/healthz', route: '/healthz', status: 200 };

  const run = async (call: Call) => {
    const answer = await send(base, call.method, call.path, call.body);
    if (answer.status !== call.status) {
      throw new Error(`${call.method} ${call.route}: expected ${call.status}, got ${answer.status}: ${answer.text}`);
    }
    const key = `${call.method} ${call.route} ${call.status}`;
    const entry = expected.requests.get(key) ?? { labels: { method: call.method, route: call.route, status: String(call.status) }, count: 0 };
    expected.requests.set(key, { ...entry, count: entry.count + 1 });
    if (call.code) expected.errors.set(call.code, (expected.errors.get(call.code) ?? 0) + 1);
    expected.total++;
    return answer.text;
  };

  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push(/<id>(\d+)<\/id>/.exec(await run(create()))![1]!);
  for (const id of ids) await run(show(id));
  for (const call of [list, list, probe, ...failures, ...failures]) await run(call);
  // At once: connections open together, served by whichever worker takes each.
  const together: Call[] = [];
  for (let i = 0; i < 3; i++) together.push(create(), list, probe, ...ids.map(show), ...failures);
  await Promise.all(together.map(run));
  return expected;
}
