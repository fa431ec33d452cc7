import { request as httpRequest } from 'node:http';

/** The tokens a probe sends: both valid, with every permission the caller needs. */
export interface ProbeTokens {
  /** The caller's token, with every permission. */
  readonly caller: string;
  /** Another valid token, sent where a second token could go. */
  readonly other: string;
}

export interface ProbeExchange {
  /** What was sent, the tokens named `<caller>`, `<other>`, `<typo>`. */
  readonly sent: string;
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
  /**
   * The answer shows a record the request stored with a field equal to the caller's token: data
   * is kept and shown as sent (docs/decisions.md, "Tokens in what PIPS shows and logs").
   */
  readonly showsStored: boolean;
}

interface Probe {
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly showsStored?: boolean;
}

/** Every character percent-encoded, as a client may send any of them. */
const encodeEvery = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** A token one character off: not valid, and still nothing to show. */
export const typoOf = (token: string) => `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;

const XML = { 'content-type': 'application/xml' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * The requests: the caller's token (`T`), a second valid token (`U`) and a mistyped one in every
 * place a client could put one (path once, twice, encoded, in odd case, after other prefixes, as
 * an id; query keys and values; XML and form fields, tags and keys; headers).
 */
function probes({ caller: T, other: U }: ProbeTokens): Probe[] {
  const P = `/api/v2/${T}`;
  const typo = typoOf(T);
  const get = (path: string, headers?: Record<string, string>): Probe => ({ method: 'GET', path, ...(headers && { headers }) });
  return [
    // The path: the token twice, a second token where a token goes, the token as an id.
    get(`${P}/api/v2/${T}/unit`),
    get(`${P}/api/v2/${U}/unit`, { 'x-request-id': U }),
    get(`${P}/api/v2/${U}/`),
    get(`${P}/api/v2/api/v2/${U}/unit`),
    get(`${P}/${T}`),
    get(`${P}/unit/${T}`),
    get(`${P}/unit/${T}/`),
    get(`${P}/unit/x${T}x`),
    get(`${P}/unit/${encodeEvery(T)}`),
    get(`${P}/unit/${encodeEvery(encodeEvery(T))}`),
    get(`${P}/part/${T}?find_by=partnumber`),
    get(`${P}/parts/${T}/inventory_units/${T}/inventory_records`),
    get(`${P}/attachments/${T}/download_uri`),
    { method: 'DELETE', path: `${P}/unit/${T}` },
    { method: 'OPTIONS', path: `${P}/unit/${T}` },
    get(`${P}/%61pi/v2/${U}/unit`),
    get(`${P}/unit%2Fapi%2Fv2%2F${U}`),
    get(`/api/v2/${encodeEvery(T)}/unit`),
    get(`${P}/unit/`),
    // Other spellings of the prefix: no route, and the token still never shown.
    get(`/API/V2/${T}/unit`),
    get(`//api/v2/${T}/unit`),
    get(`/x/api/v2/${T}/unit`),
    get(`/api/v1/${T}/unit`),
    get(`/Api/V2/${T}/`),
    get(`/api/v2//${T}/unit`),
    get(`/api/v2/${typo}/unit`, { 'x-request-id': typo }),
    // The query: keys and values, ones that are read and quoted, malformed ones.
    get(`${P}/unit?${T}=${T}&api_token=${T}&token=${U}`),
    get(`${P}/inventory_units/search?field0=${T}&term0=x`),
    get(`${P}/inventory_units/search?term0=x&comparison4=${T}`),
    get(`${P}/purchase_orders?status=${T}`),
    get(`${P}/purchase_orders?start_date=${T}&end_date=${T}`),
    get(`${P}/part?filter[${T}]=1`),
    get(`${P}/part?filter[updated_on][gte]=${T}`),
    get(`${P}/part?page=${T}&per_page=${T}`),
    get(`${P}/attachments/1/download_uri?disposition=${T}`),
    get(`${P}/unit?x[${T}]=1&x=2`),
    get(`${P}/unit?${T}[=1`),
    get(`${P}/unit?x=%${T}`),
    // Bodies: a field stored as sent, tags and keys, malformed XML, other media types.
    {
      method: 'POST',
      path: `${P}/manufacturer`,
      headers: XML,
      body: `<manufacturer><name>${T}</name><website>https://example.com/api/v2/${T}</website><x${T}>1</x${T}></manufacturer>`,
      showsStored: true,
    },
    { method: 'POST', path: `${P}/manufacturer`, headers: XML, body: `<manufacturer><x${T}>1</y${T}></manufacturer>` },
    { method: 'POST', path: `${P}/manufacturer`, headers: XML, body: `<manufacturer><name>${T}</manufacturer>` },
    { method: 'POST', path: `${P}/manufacturer`, headers: XML, body: `<x${T}><name>a</name></x${T}>` },
    { method: 'POST', path: `${P}/manufacturer`, headers: FORM, body: `manufacturer[name]=&manufacturer[x${T}]=${T}&${T}=${T}` },
    { method: 'PUT', path: `${P}/manufacturer/1`, headers: XML, body: `<x${T}/>` },
    { method: 'POST', path: `${P}/unit`, headers: XML, body: `<unit><name>n</name><allow_fractional>${T}</allow_fractional><factor>${T}</factor></unit>` },
    { method: 'POST', path: `${P}/manufacturer`, headers: { 'content-type': 'application/json' }, body: `{"${T}":"${T}"}` },
    { method: 'POST', path: `${P}/manufacturer`, headers: { 'content-type': `application/x-${T}` }, body: '<manufacturer/>' },
    // Headers: an answer echoes the request id, so one holding a token is replaced.
    get(`${P}/unit`, {
      'x-request-id': T,
      referer: `http://localhost/api/v2/${T}/unit?token=${T}`,
      authorization: `Bearer ${T}`,
      cookie: `pips_token=${T}`,
      'user-agent': T,
      'x-api-token': T,
      'x-forwarded-for': T,
      'x-forwarded-host': `${T}.example`,
      accept: `application/x-${T}`,
      origin: `http://${T}.example`,
    }),
    get(`${P}/unit`, { 'x-request-id': `req-${T}-1` }),
    get(`${P}/unit/${T}`, { 'x-request-id': T }),
    // Outside the API: the probes and a download link carry no token, and one sent there is not shown either.
    get(`/healthz?token=${T}`),
    get(`/downloads/attachments/1?disposition=inline&expires=${T}&signature=${T}`),
  ];
}

function send(baseUrl: string, probe: Probe): Promise<Omit<ProbeExchange, 'sent' | 'showsStored'>> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...probe.headers };
    if (probe.body !== undefined) headers['content-length'] = String(Buffer.byteLength(probe.body));
    const req = httpRequest({ host: url.hostname, port: url.port, method: probe.method, path: probe.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answered: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) answered.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers: answered, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(probe.body);
  });
}

/**
 * Sends every probe to the server at `baseUrl` and answers what came back, then removes what a
 * probe stored (the manufacturer whose name is the caller's token). `/metrics`, `/openapi.json`
 * and `/docs` are asked last, after every probe was counted.
 */
export async function sendTokensEverywhere(baseUrl: string, tokens: ProbeTokens): Promise<ProbeExchange[]> {
  const named = (text: string) =>
    text.replaceAll(tokens.caller, '<caller>').replaceAll(tokens.other, '<other>').replaceAll(typoOf(tokens.caller), '<typo>');
  const exchanges: ProbeExchange[] = [];
  for (const probe of probes(tokens)) {
    const answer = await send(baseUrl, probe);
    exchanges.push({ ...answer, sent: named(`${probe.method} ${probe.path} ${JSON.stringify(probe.headers ?? {})} ${probe.body ?? ''}`), showsStored: probe.showsStored === true });
    const stored = probe.showsStored ? /<id[^>]*>(\d+)<\/id>/.exec(answer.body)?.[1] : undefined;
    if (stored) await send(baseUrl, { method: 'DELETE', path: `/api/v2/${tokens.caller}/manufacturer/${stored}` });
  }
  for (const path of ['/metrics', '/openapi.json', '/docs']) exchanges.push({ ...(await send(baseUrl, { method: 'GET', path })), sent: `GET ${path}`, showsStored: false });
  return exchanges;
}

/** Decoded until nothing changes, so a token percent-encoded once or twice is found too. */
function decoded(text: string): string {
  let current = text;
  for (let next = decodeOnce(current); next !== current; next = decodeOnce(current)) current = next;
  return current;
}

function decodeOnce(text: string): string {
  return text.replace(/%[0-9A-Fa-f]{2}/g, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
}

/** Which of the tokens (and the caller's mistyped one) `text` holds, as it is or percent-decoded. */
export function tokensIn(text: string, tokens: ProbeTokens): string[] {
  const plain = decoded(text);
  const named = { caller: tokens.caller, other: tokens.other, typo: typoOf(tokens.caller) };
  return Object.entries(named)
    .filter(([, token]) => text.includes(token) || plain.includes(token))
    .map(([name]) => name);
}

/** Each answer's status line, headers and body as one text, for `tokensIn`. */
export function exchangeText(exchange: ProbeExchange): string {
  return `${exchange.status}\n${exchange.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}\n\n${exchange.body}`;
}
