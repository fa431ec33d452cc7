export const API_PREFIX = '/api/v2';

export interface ApiPath {
  /** The decoded token segment; empty when missing or undecodable. */
  token: string;
  /** What follows the token, always starting with `/`. */
  rest: string;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** Splits `/api/v2/:api_token/rest`; null for paths outside the API. */
export function splitApiPath(path: string): ApiPath | null {
  if (path === API_PREFIX) return { token: '', rest: '/' };
  if (!path.startsWith(`${API_PREFIX}/`)) return null;
  const after = path.slice(API_PREFIX.length + 1);
  const slash = after.indexOf('/');
  const segment = slash === -1 ? after : after.slice(0, slash);
  return { token: decode(segment), rest: slash === -1 ? '/' : after.slice(slash) };
}
