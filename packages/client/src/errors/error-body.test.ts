import { DEFAULT_LIMITS } from '@pips/xml';
import { describe, expect, it } from 'vitest';
import { readErrorBody, readRetryAfter } from './error-body';
import { codeForStatus } from './status-codes';

const read = (text: string) => readErrorBody(text, DEFAULT_LIMITS);

describe('readErrorBody', () => {
  it('reads field and state errors, one message each', () => {
    expect(read('<errors type="array"><error>Name can\'t be blank</error><error>Factor must be greater than 0</error></errors>')).toEqual({
      messages: ["Name can't be blank", 'Factor must be greater than 0'],
      items: [],
      requestId: null,
    });
  });

  it('reads <error><message>, with a 500’s request id', () => {
    expect(read('<error><message>Invalid API token</message></error>')).toEqual({ messages: ['Invalid API token'], items: [], requestId: null });
    expect(read('<error><message>Internal error</message><request_id>abc</request_id></error>')).toMatchObject({ requestId: 'abc' });
  });

  it('reads SPEC 7’s per-item errors, and their messages in turn', () => {
    const body = `<subparts type="array">
      <subpart><number>1</number><errors type="array"><error>Quantity must be nonnegative.</error></errors></subpart>
      <subpart><number>3</number><errors type="array"><error>You must specify a valid subpart.</error><error>Must belong to a valid subpart part revision.</error></errors></subpart>
    </subparts>`;
    expect(read(body)).toEqual({
      items: [
        { number: 1, messages: ['Quantity must be nonnegative.'] },
        { number: 3, messages: ['You must specify a valid subpart.', 'Must belong to a valid subpart part revision.'] },
      ],
      messages: ['Quantity must be nonnegative.', 'You must specify a valid subpart.', 'Must belong to a valid subpart part revision.'],
      requestId: null,
    });
  });

  it('gives no messages for a body that is not PIPS’s', () => {
    for (const text of ['', '  ', '<html><body>502</body>', 'Bad gateway', '<!DOCTYPE x><x/>']) expect(read(text)).toEqual({ messages: [], items: [], requestId: null });
  });
});

describe('readRetryAfter and codeForStatus', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect([readRetryAfter('30'), readRetryAfter(null), readRetryAfter('soon')]).toEqual([30, null, null]);
    expect(readRetryAfter('Wed, 01 Jan 2025 00:00:42 GMT', now)).toBe(42);
    expect(readRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
  });

  it('derives a stable code from the status', () => {
    expect([400, 401, 403, 404, 413, 415, 422, 429, 500, 503, 409, 502, 302].map(codeForStatus)).toEqual([
      'bad_request',
      'unauthorized',
      'forbidden',
      'not_found',
      'payload_too_large',
      'unsupported_media_type',
      'unprocessable',
      'rate_limited',
      'server_error',
      'unavailable',
      'client_error',
      'server_error',
      'unexpected_status',
    ]);
  });
});
