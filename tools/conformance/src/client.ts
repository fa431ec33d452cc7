import { request as httpRequest } from 'node:http';
import { parseXml, type Params } from '@pips/xml';

/** Where requests go: a target, or any server listening with a token that has every permission. */
export interface Endpoint {
  /** Base URL without a trailing slash. */
  readonly url: string;
  readonly tokens: { readonly all: string };
}

export interface RequestOptions {
  /** XML request body; sent as `application/xml`. Bytes for bodies that are not valid text. */
  body?: string | Uint8Array;
  /** Form body (`manufacturer%5Bname%5D=X`); sent as `application/x-www-form-urlencoded`. */
  form?: string;
  /** Query string without the leading `?`. */
  query?: string;
  /** API token for the `/api/v2/:token` prefix; defaults to the target's all-permissions token. */
  token?: string;
  /** The path is taken as is, not under the token prefix (health routes, hand-built paths). */
  rawPath?: boolean;
  /** Extra headers; they override the defaults (Accept: application/xml). */
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (`{ root: value }`, Rails params rules); null for an empty body or unparsable XML. */
  xml: Params | null;
  /** Why the body did not parse, when it did not. */
  parseError: string | null;
}

/** `/api/v2/<token><path>`; `path` starts with `/`. */
export function apiPath(token: string, path: string): string {
  return `/api/v2/${encodeURIComponent(token)}${path}`;
}

/**
 * Answers are read without the limits a server puts on what it is sent: the suite's targets are
 * shared by every file and keep growing, and a whole list may hold far more than a request may.
 */
const ANSWER_LIMITS = { maxBytes: 1 << 30, maxElements: 50_000_000, maxDepth: 64 } as const;

function decode(status: number, headers: Headers, text: string): Reply {
  let xml: Params | null = null;
  let parseError: string | null = null;
  if (text.trim() !== '') {
    try {
      xml = parseXml(text, ANSWER_LIMITS);
    } catch (error) {
      parseError = String(error);
    }
  }
  return { status, headers, text, xml, parseError };
}

function urlFor(target: Endpoint, path: string, options: RequestOptions): string {
  const fullPath = options.rawPath ? path : apiPath(options.token ?? target.tokens.all, path);
  return `${target.url}${fullPath}${options.query !== undefined ? `?${options.query}` : ''}`;
}

/** One HTTP request to a target. Never throws on an HTTP status; the tests assert it. */
export async function request(
  target: Endpoint,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/xml' };
  let body: string | Uint8Array | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/xml';
    body = options.body;
  } else if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = options.form;
  }
  Object.assign(headers, options.headers);
  const response = await fetch(urlFor(target, path, options), { method, headers, body });
  return decode(response.status, response.headers, await response.text());
}

/**
 * A request with exactly the given headers and nothing else (fetch always adds `Accept: *\/*`),
 * for the wire rules about absent headers.
 */
export function bareRequest(
  target: Endpoint,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Reply> {
  const url = new URL(urlFor(target, path, options));
  const payload = options.body ?? options.form;
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
        }
        resolve(decode(res.statusCode ?? 0, responseHeaders, Buffer.concat(chunks).toString('utf8')));
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Short forms for the five verbs. */
export const get = (target: Endpoint, path: string, options?: RequestOptions) => request(target, 'GET', path, options);
export const post = (target: Endpoint, path: string, options?: RequestOptions) => request(target, 'POST', path, options);
export const put = (target: Endpoint, path: string, options?: RequestOptions) => request(target, 'PUT', path, options);
export const del = (target: Endpoint, path: string, options?: RequestOptions) => request(target, 'DELETE', path, options);

export type XmlValue = string | number | boolean | null | undefined;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `<name>…</name>` for each field in order; null is an empty element, undefined is left out. */
export function xmlFields(fields: Record<string, XmlValue>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => (value === null ? `<${name}/>` : `<${name}>${escapeXml(String(value))}</${name}>`))
    .join('');
}

/** A request body `<root>fields…</root>`, with an optional raw XML tail (nested lists). */
export function xmlBody(root: string, fields: Record<string, XmlValue>, rawTail = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?><${root}>${xmlFields(fields)}${rawTail}</${root}>`;
}

/** `root[name]=value&…` with Rails bracket keys, form-encoded. */
export function formBody(root: string, fields: Record<string, XmlValue>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(`${root}[${name}]`)}=${encodeURIComponent(value === null ? '' : String(value))}`)
    .join('&');
}

let counter = 0;

/** A name no other test (nor an earlier run against the same store) uses: `prefix-<time>-<random>-<n>`. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${counter}`;
}
