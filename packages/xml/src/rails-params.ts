import { CodecError } from './codec-error';
import { checkSize, resolveLimits, type ParseLimits } from './limits';
import { isParams, newParams, setParam, type ParamValue, type Params } from './params';
import { hasIllegalXmlChar } from './xml-chars';

/** One step of a bracketed key: `a[b][]` is key 'a', key 'b', then an array push. */
type Segment = { readonly key: string } | { readonly push: true };

function badParams(message: string): CodecError {
  return new CodecError('bad_params', message);
}

function decodeComponent(raw: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw badParams('invalid %-encoding');
  }
  // Parameters hold text as an XML body does: what XML cannot carry (a NUL, which PostgreSQL
  // refuses outright; other controls; half a surrogate pair) could never be written back.
  if (hasIllegalXmlChar(decoded)) throw badParams('character not allowed (a control character or half a surrogate pair)');
  return decoded;
}

/** Splits a decoded name the way Rack does: the head runs to the first '[' after position 0. */
export function splitKey(name: string): Segment[] {
  const open = name.indexOf('[', 1);
  if (open === -1) return [{ key: name }];
  const segments: Segment[] = [{ key: name.slice(0, open) }];
  let i = open;
  while (i < name.length) {
    const close = name.indexOf(']', i + 1);
    if (name[i] !== '[' || close === -1) throw badParams(`malformed brackets in ${JSON.stringify(name)}`);
    segments.push(close === i + 1 ? { push: true } : { key: name.slice(i + 1, close) });
    i = close + 1;
  }
  return segments;
}

function own(target: Params, key: string): ParamValue | undefined {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

/** Rack's `params_hash_has_key?`: does the key path already exist below `hash`? */
function hasPath(hash: Params, path: readonly Segment[]): boolean {
  let node: ParamValue | undefined = hash;
  for (const segment of path) {
    if (!('key' in segment) || !isParams(node)) return false;
    node = own(node, segment.key);
    if (node === undefined) return false;
  }
  return true;
}

function childHash(target: Params, key: string): Params {
  const existing = own(target, key);
  if (existing === undefined) {
    const created = newParams();
    setParam(target, key, created);
    return created;
  }
  if (!isParams(existing)) throw badParams(`expected a hash for ${JSON.stringify(key)}`);
  return existing;
}

function childArray(target: Params, key: string): ParamValue[] {
  const existing = own(target, key);
  if (existing === undefined) {
    const created: ParamValue[] = [];
    setParam(target, key, created);
    return created;
  }
  if (!Array.isArray(existing)) throw badParams(`expected an array for ${JSON.stringify(key)}`);
  return existing;
}

/** Rack `normalize_params`, iteratively. */
function assign(root: Params, segments: readonly Segment[], value: ParamValue): void {
  let target = root;
  let i = 0;
  for (;;) {
    const segment = segments[i];
    if (segment === undefined || !('key' in segment)) throw badParams('nested arrays ([][]) are not supported');
    const next = segments[i + 1];
    if (next === undefined) {
      setParam(target, segment.key, value); // later scalars win, as in Rack
      return;
    }
    if ('key' in next) {
      target = childHash(target, segment.key);
      i += 1;
      continue;
    }
    const array = childArray(target, segment.key);
    const rest = segments.slice(i + 2);
    if (rest.length === 0) {
      array.push(value);
      return;
    }
    // `a[][x]=1&a[][y]=2&a[][x]=3`: fill the last hash until a key repeats, then start a new one.
    const last = array.at(-1);
    if (isParams(last) && !hasPath(last, rest)) {
      target = last;
    } else {
      target = newParams();
      array.push(target);
    }
    i += 2;
  }
}

/** Decodes a query string or form body with Rails bracket keys into nested Params. */
export function parseRailsParams(encoded: string, limits?: ParseLimits): Params {
  const { maxBytes, maxDepth, maxElements } = resolveLimits(limits);
  checkSize(encoded, maxBytes);
  const params = newParams();
  if (encoded === '') return params;
  const pairs = encoded.split('&').filter((pair) => pair !== '');
  if (pairs.length > maxElements) throw new CodecError('too_many_elements', `more than ${maxElements} parameters`);
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const name = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? null : decodeComponent(pair.slice(eq + 1));
    if (name === '') continue;
    const segments = splitKey(name);
    if (segments.length > maxDepth) throw new CodecError('too_deep', `parameter nested deeper than ${maxDepth}`);
    assign(params, segments, value);
  }
  return params;
}
