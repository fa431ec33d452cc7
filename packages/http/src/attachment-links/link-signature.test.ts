import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LINK_CLOCK_ALLOWANCE_MS, grantQuery, signGrant, verifiedGrant, type LinkGrant } from './link-signature';

const key = randomBytes(32);
const grant: LinkGrant = { id: 42, disposition: 'attachment', expires: Date.parse('2026-03-01T10:10:00Z') };
const query = (g: LinkGrant, signature = signGrant(key, g)) => Object.fromEntries(new URLSearchParams(grantQuery(g, signature)));
const before = new Date('2026-03-01T10:09:59Z');

describe('download link signatures', () => {
  it('hold for what was signed, until the instant it expires', () => {
    expect(verifiedGrant(key, '42', query(grant), before)).toEqual(grant);
    expect(verifiedGrant(key, '42', query(grant), new Date(grant.expires))).toBeNull();
    expect(verifiedGrant(key, '42', query(grant), new Date('2026-03-01T10:10:01Z'))).toBeNull();
  });

  it('hold no longer than a link lives from now, however well signed: a leaked key cannot sign a lasting one', () => {
    const at = (ms: number) => new Date(grant.expires - ms);
    const lifetime = 10 * 60_000;
    expect(verifiedGrant(key, '42', query(grant), at(lifetime))).toEqual(grant);
    expect(verifiedGrant(key, '42', query(grant), at(lifetime + LINK_CLOCK_ALLOWANCE_MS))).toEqual(grant);
    expect(verifiedGrant(key, '42', query(grant), at(lifetime + LINK_CLOCK_ALLOWANCE_MS + 1))).toBeNull();
    const yearAhead = { ...grant, expires: before.getTime() + 365 * 24 * 3_600_000 };
    expect(verifiedGrant(key, '42', query(yearAhead), before)).toBeNull();
  });

  it('break when anything granted changes, or another key signed it', () => {
    const signed = query(grant);
    expect(verifiedGrant(key, '43', signed, before)).toBeNull();
    expect(verifiedGrant(key, '42', { ...signed, disposition: 'inline' }, before)).toBeNull();
    expect(verifiedGrant(key, '42', { ...signed, expires: String(grant.expires + 60_000) }, before)).toBeNull();
    expect(verifiedGrant(key, '42', { ...signed, signature: signed.signature!.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, before)).toBeNull();
    expect(verifiedGrant(randomBytes(32), '42', signed, before)).toBeNull();
  });

  it('refuse what is not a link at all', () => {
    for (const bad of [{}, { ...query(grant), signature: 'zz' }, { ...query(grant), expires: '-5' }, { ...query(grant), disposition: ['inline'] }]) {
      expect(verifiedGrant(key, '42', bad, before)).toBeNull();
    }
    expect(verifiedGrant(key, '042', query(grant), before)).toBeNull();
  });
});
