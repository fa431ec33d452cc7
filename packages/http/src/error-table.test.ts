import { describe, expect, it } from 'vitest';
import { errors, PipsError } from '@pips/domain';
import { buildXml, CodecError, parseXml } from '@pips/xml';
import { errorResponse } from './error-table';

const asIs = (text: string) => text;

const render = (error: unknown) => {
  const response = errorResponse(error, 'req-9', asIs);
  return { status: response.status, headers: response.headers, xml: buildXml(response.root, response.node) };
};

describe('errorResponse', () => {
  it('lists field and state errors', () => {
    const invalid = render(errors.invalid(["Name can't be blank", 'Name has already been taken']));
    expect(invalid.status).toBe(400);
    expect(invalid.xml).toContain(
      "<errors type=\"array\">\n  <error>Name can't be blank</error>\n  <error>Name has already been taken</error>\n</errors>",
    );
    const inUse = render(errors.inUseByTable('contact'));
    expect(inUse.status).toBe(422);
    expect(inUse.xml).toContain('<error>Cannot delete record because dependent contacts exist</error>');
  });

  it('writes the same body whether the problems name their fields or not', () => {
    const keyed = render(
      errors.invalid([
        { field: 'name', message: "Name can't be blank" },
        { field: 'revision.revision_name', message: 'Revision name has already been taken' },
      ]),
    );
    expect(keyed).toEqual(render(errors.invalid(["Name can't be blank", 'Revision name has already been taken'])));
    expect(keyed.xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<errors type="array">\n  <error>Name can\'t be blank</error>\n  <error>Revision name has already been taken</error>\n</errors>\n',
    );
  });

  it.each([
    [errors.badRequest('bad'), 400],
    [errors.unauthorized(), 401],
    [errors.forbidden('Can manage data', 'manage_data'), 403],
    [errors.notFound('Unit', 4), 404],
    [new PipsError('too_large', ['big']), 413],
    [new PipsError('unsupported_media_type', ['json']), 415],
    [errors.busy(), 503],
    [errors.rateLimited(100, 12), 429],
  ])('maps %s to a single message', (error, status) => {
    const response = render(error);
    expect(response.status).toBe(status);
    expect(JSON.parse(JSON.stringify(parseXml(response.xml)))).toEqual({ error: { message: error.message } });
  });

  it('says when a rate-limited caller may try again', () => {
    const response = render(errors.rateLimited(100, 12));
    expect(response.headers).toEqual({ 'Retry-After': '12' });
    expect(response.xml).toContain('<message>Rate limit exceeded: this token may make 100 requests a minute; retry in 12 seconds</message>');
    expect(render(errors.busy()).headers).toEqual({ 'Retry-After': '1' });
  });

  it('renders per-item errors in the shape SPEC 7 gives, with the status of their code', () => {
    const failed = [
      { number: 1, messages: ['Quantity must be nonnegative.'] },
      { number: 3, messages: ['You must specify a valid subpart.', 'Must belong to a valid subpart part revision.'] },
    ];
    const response = render(errors.itemErrors('unprocessable', 'subparts', 'subpart', failed));
    expect(response.status).toBe(422);
    expect(response.xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<subparts type="array">',
        '  <subpart>',
        '    <number>1</number>',
        '    <errors type="array">',
        '      <error>Quantity must be nonnegative.</error>',
        '    </errors>',
        '  </subpart>',
        '  <subpart>',
        '    <number>3</number>',
        '    <errors type="array">',
        '      <error>You must specify a valid subpart.</error>',
        '      <error>Must belong to a valid subpart part revision.</error>',
        '    </errors>',
        '  </subpart>',
        '</subparts>',
        '',
      ].join('\n'),
    );
  });

  it('closes the connection after a 413, whose body was not read', () => {
    expect(render(new PipsError('too_large', ['big'])).headers).toEqual({ Connection: 'close' });
  });

  it('asks a busy client to retry', () => {
    expect(render(errors.busy()).headers).toEqual({ 'Retry-After': '1' });
  });

  it('answers a database that went away 503, saying whether to retry, and a full disk 507; each logged, unlike a busy one', () => {
    const unavailable = errorResponse(errors.unavailable(), 'req-9', asIs);
    expect(unavailable).toMatchObject({ status: 503, headers: { 'Retry-After': '1' }, log: 'warn', unexpected: false });
    // A change that may have been made: no Retry-After, so no client sends it again on its own.
    const inDoubt = errorResponse(errors.outcomeUnknown(), 'req-9', asIs);
    expect(inDoubt).toMatchObject({ status: 503, headers: {}, log: 'warn', unexpected: false });
    const full = errorResponse(errors.storageFull(), 'req-9', asIs);
    expect(full).toMatchObject({ status: 507, headers: {}, log: 'error', unexpected: false });
    expect(buildXml(full.root, full.node)).toContain('<error>\n  <message>The database has no space left to write; nothing was changed</message>\n</error>');
    expect(errorResponse(errors.busy(), 'req-9', asIs).log).toBeUndefined();
  });

  it('names the codec problem', () => {
    expect(render(new CodecError('malformed', 'unclosed tag')).xml).toContain('<message>Malformed XML: unclosed tag</message>');
    expect(render(new CodecError('bad_params', 'invalid %-encoding')).xml).toContain(
      '<message>Invalid parameters: invalid %-encoding</message>',
    );
    const tooLarge = render(new CodecError('too_large', 'input exceeds 10 bytes'));
    expect(tooLarge.status).toBe(413);
    expect(render(new CodecError('too_deep', 'nesting deeper than 32')).status).toBe(400);
  });

  it('names the code of what it answered: a domain or codec error code, or internal', () => {
    expect(errorResponse(errors.notFound('Unit', 4), 'r', asIs).code).toBe('not_found');
    expect(errorResponse(errors.itemErrors('unprocessable', 'subparts', 'subpart', []), 'r', asIs).code).toBe('unprocessable');
    expect(errorResponse(new CodecError('malformed', 'unclosed tag'), 'r', asIs).code).toBe('malformed');
    expect(errorResponse(new TypeError('x is undefined'), 'r', asIs).code).toBe('internal');
  });

  it('shows every text of every body as it is told to: messages, codec messages, each item\'s', () => {
    const shown = (text: string) => text.replaceAll('SECRET', '[token]');
    const xmlOf = (error: unknown) => {
      const response = errorResponse(error, 'r', shown);
      return buildXml(response.root, response.node);
    };
    expect(xmlOf(errors.notFound('Unit', 'SECRET'))).toContain("<message>Couldn't find Unit with 'id'=[token]</message>");
    expect(xmlOf(errors.invalid(['a SECRET', 'b SECRET']))).toContain('<error>a [token]</error>\n  <error>b [token]</error>');
    expect(xmlOf(new CodecError('malformed', 'tag xSECRET'))).toContain('<message>Malformed XML: tag x[token]</message>');
    const items = errors.itemErrors('invalid', 'subparts', 'subpart', [{ number: 1, messages: ['Part SECRET'] }]);
    expect(xmlOf(items)).toContain('<error>Part [token]</error>');
    expect(xmlOf(items)).not.toContain('SECRET');
  });

  it('hides anything else behind a generic 500', () => {
    const response = errorResponse(new TypeError('x is undefined'), 'req-9', asIs);
    expect(response.unexpected).toBe(true);
    const xml = buildXml(response.root, response.node);
    expect(response.status).toBe(500);
    expect(xml).toContain('<message>Internal server error</message>\n  <request_id>req-9</request_id>');
    expect(xml).not.toContain('undefined');
  });
});
