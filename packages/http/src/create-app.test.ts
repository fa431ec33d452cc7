import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureToken, issueToken, parseIssueToken, type Clock, type Store } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { fields } from '@pips/xml';
import { chain } from './chain';
import { createApp } from './create-app';
import { sendXml } from './reply';
import { serve, type TestClient } from './test-client';

const XML = { 'Content-Type': 'application/xml', Accept: 'application/xml' };
let store: Store;
let client: TestClient;
let viewer: string;
const logged: object[] = [];

beforeAll(async () => {
  store = createMemoryStore();
  let tick = Date.parse('2016-01-25T04:11:47Z');
  const clock: Clock = { now: () => new Date((tick += 1000)) };
  await ensureToken({ store, clock }, 'secret', 'test');
  viewer = (await issueToken({ store, clock }, parseIssueToken({ name: 'viewer', permissions: ['view_inventory'] }))).token;
  const logger = { info: () => {}, warn: () => {}, error: (obj: object) => logged.push(obj) };
  client = await serve(createApp({ store, clock, timezone: 'America/Los_Angeles', logger, maxBodyBytes: 4096 }));
});
afterAll(() => client.close());

const api = (path: string) => `/api/v2/secret${path}`;

describe('createApp', () => {
  it('answers health probes outside the token prefix', async () => {
    const health = await client.request('GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.text).toContain('<status>ok</status>');
    expect((await client.request('GET', '/readyz/')).status).toBe(200);
    expect((await client.request('GET', '/HealthZ')).status).toBe(200);
    const head = await client.request('HEAD', '/readyz');
    expect([head.status, head.text]).toEqual([200, '']);
  });

  it('answers other methods and longer paths on the probes as no route', async () => {
    for (const [method, path] of [['POST', '/healthz'], ['DELETE', '/readyz'], ['GET', '/healthz/x'], ['GET', '/healthzz']]) {
      const res = await client.request(method!, path!);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('refuses an unknown token on any path, known or not', async () => {
    for (const path of ['/api/v2/nope/unit', '/api/v2/nope/no/such/thing', '/api/v2', '/api/v2//unit']) {
      const res = await client.request('GET', path);
      expect(res.status).toBe(401);
      expect(res.text).toContain('<message>Invalid API token</message>');
    }
  });

  it('answers an unknown route with 404 without echoing the token', async () => {
    const res = await client.request('PATCH', api('/unit/1'));
    expect(res.status).toBe(404);
    expect(res.text).toContain('<message>No route matches [PATCH] &quot;/unit/1&quot;</message>');
    expect(res.text).not.toContain('secret');
    expect((await client.request('GET', '/elsewhere')).status).toBe(404);
  });

  it('writes XML with a declaration and a request id whatever the Accept header', async () => {
    const res = await client.request('GET', api('/unit'), undefined, { Accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<units type="array"/>\n');
  });

  it('creates, shows, updates, lists and deletes a record', async () => {
    const created = await client.request('POST', api('/unit/'), '<unit><name>Each</name></unit>', XML);
    expect(created.status).toBe(200);
    expect(created.text).toContain('<name>Each</name>\n  <description/>\n  <allow_fractional>true</allow_fractional>');
    const id = /<id>(\d+)<\/id>/.exec(created.text)?.[1];
    const updated = await client.request('PUT', api(`/unit/${id}`), 'unit[description]=Single+piece', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(updated.text).toContain('<description>Single piece</description>');
    expect((await client.request('GET', api('/unit'))).text).toContain('<units type="array">\n  <unit>');
    const deleted = await client.request('DELETE', api(`/unit/${id}`));
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect(deleted.headers.get('content-length')).toBe('0');
    expect(deleted.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect((await client.request('GET', api(`/unit/${id}`))).status).toBe(404);
  });

  it('writes timestamps in the site time zone', async () => {
    const res = await client.request('POST', api('/contact'), '<contact><last_name>Doe</last_name></contact>', XML);
    expect(res.text).toMatch(/<created_on>2016-01-2\d \d\d:\d\d:\d\d -0800<\/created_on>/);
  });

  it('answers a non-integer id with the not-found message', async () => {
    const res = await client.request('GET', api('/manufacturer/abc'));
    expect(res.status).toBe(404);
    expect(res.text).toContain("<message>Couldn't find Manufacturer with 'id'=abc</message>");
  });

  it('reports field errors as an errors array', async () => {
    const res = await client.request('POST', api('/manufacturer'), '<manufacturer><name/></manufacturer>', XML);
    expect(res.status).toBe(400);
    expect(res.text).toContain('<errors type="array">\n  <error>Name can\'t be blank</error>\n</errors>');
  });

  it('merges query parameters, with the body winning', async () => {
    const res = await client.request('POST', api('/vendor?vendor[name]=Query&vendor[website]=q.example'), '<vendor><name>Body</name></vendor>', XML);
    expect(res.text).toContain('<name>Body</name>');
    expect(res.text).toContain('<website>q.example</website>');
  });

  it('links a manufacturer and a vendor through query parameters', async () => {
    const m = await client.request('POST', api('/manufacturer'), '<manufacturer><name>TI</name></manufacturer>', XML);
    const v = await client.request('POST', api('/vendor'), '<vendor><name>Digi-Key</name></vendor>', XML);
    const mid = /<id>(\d+)<\/id>/.exec(m.text)?.[1];
    const vid = /<id>(\d+)<\/id>/.exec(v.text)?.[1];
    const linked = await client.request('POST', api(`/linecard?manufacturer_id=${mid}&vendor_id=${vid}`), undefined, {
      Accept: 'application/xml',
    });
    expect(linked.status).toBe(200);
    expect(linked.text).toBe('');
    const shown = await client.request('GET', api(`/manufacturer/${mid}`));
    expect(shown.text).toContain(`<vendors type="array">\n    <vendor>\n      <id>${vid}</id>`);
    expect((await client.request('DELETE', api(`/linecard?manufacturer_id=${mid}&vendor_id=${vid}`))).status).toBe(200);
    expect((await client.request('DELETE', api(`/linecard?manufacturer_id=${mid}&vendor_id=${vid}`))).status).toBe(404);
  });

  it('lets the domain refuse a missing permission with 403', async () => {
    const body = '<inventory_location><name>Main</name></inventory_location>';
    const res = await client.request('POST', `/api/v2/${viewer}/inventory_location`, body, XML);
    expect(res.status).toBe(403);
    expect(res.text).toContain('<message>You need the permission &quot;Can manage data&quot; (manage_data) for this action</message>');
    expect((await client.request('GET', `/api/v2/${viewer}/inventory_location`)).status).toBe(200);
  });

  it('answers bad input with 400 and oversized input with 413', async () => {
    const malformed = await client.request('POST', api('/unit'), '<unit><name>x</unit>', XML);
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('<message>Malformed XML: ');
    const doctype = await client.request('POST', api('/unit'), '<!DOCTYPE unit><unit/>', XML);
    expect(doctype.status).toBe(400);
    const big = await client.request('POST', api('/unit'), `<unit><name>${'x'.repeat(5000)}</name></unit>`, XML);
    expect(big.status).toBe(413);
    expect(big.text).toContain('<message>Request body is too large (maximum is 4096 bytes)</message>');
  });
});

describe('createApp with a failing store', () => {
  it('hides unexpected errors behind a 500 with the request id, logged once', async () => {
    const broken: Store = {
      description: 'broken',
      transaction: () => Promise.reject(new Error('disk on fire')),
      read: () => Promise.reject(new Error('disk on fire')),
      ping: () => Promise.reject(new Error('disk on fire')),
      close: async () => {},
    };
    const errors: object[] = [];
    const logger = { info: () => {}, warn: () => {}, error: (obj: object) => errors.push(obj) };
    const app = createApp({ store: broken, clock: { now: () => new Date() }, timezone: 'UTC', logger });
    const local = await serve(app);
    try {
      const res = await local.request('GET', '/api/v2/secret/unit', undefined, { 'X-Request-Id': 'req-1' });
      expect(res.status).toBe(500);
      expect(res.text).toContain('<message>Internal server error</message>\n  <request_id>req-1</request_id>');
      expect(res.text).not.toContain('disk on fire');
      expect(errors).toHaveLength(1);
      expect(JSON.stringify(errors[0])).not.toContain('secret');
      expect((await local.request('GET', '/readyz')).status).toBe(503);
    } finally {
      await local.close();
    }
  });
});

describe('createApp outside the API', () => {
  const clock: Clock = { now: () => new Date('2025-01-01T00:00:00Z') };
  const bad = '<unit><name>x</unit>';

  it('answers 404 without reading the body when there are no extra routes', async () => {
    const local = await serve(createApp({ store: createMemoryStore(), clock, timezone: 'UTC' }));
    try {
      const res = await local.request('POST', '/foo', bad, XML);
      expect(res.status).toBe(404);
      expect(res.text).toContain('No route matches [POST] &quot;/foo&quot;');
    } finally {
      await local.close();
    }
  });

  it('reads parameters for the extra routes under their prefix only', async () => {
    const extraRoutes = {
      prefix: '/__x',
      routes: chain(async (ctx, next) => {
        if (ctx.path !== '/__x/echo') return next();
        sendXml(ctx, 'echo', fields([['name', String(ctx.state.params.name)]]));
      }),
    };
    const local = await serve(createApp({ store: createMemoryStore(), clock, timezone: 'UTC', extraRoutes }));
    try {
      expect((await local.request('POST', '/__x/echo', '<name>a</name>', XML)).text).toContain('<name>a</name>');
      expect((await local.request('POST', '/__x/echo', bad, XML)).status).toBe(400);
      expect((await local.request('POST', '/__x/other', '<a/>', XML)).status).toBe(404);
      expect((await local.request('POST', '/__xy', bad, XML)).status).toBe(404);
      expect((await local.request('POST', '/foo', bad, XML)).status).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe('createApp with a token in a mistyped prefix', () => {
  it('masks the token in the 404 message and in the access log', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = { info: (obj: object) => lines.push(obj as Record<string, unknown>), warn: () => {}, error: () => {} };
    const clock: Clock = { now: () => new Date('2025-01-01T00:00:00Z') };
    const local = await serve(createApp({ store: createMemoryStore(), clock, timezone: 'UTC', logger }));
    try {
      for (const path of ['/API/V2/topsecret/unit', '//api/v2/topsecret/unit', '/Api/v2//topsecret']) {
        const res = await local.request('GET', path);
        expect(res.status, path).toBe(404);
        expect(res.text, path).toContain('[token]');
        expect(res.text, path).not.toContain('topsecret');
      }
      expect(lines.map((l) => l.path)).toEqual(['/API/V2/[token]/unit', '//api/v2/[token]/unit', '/Api/v2//[token]']);
    } finally {
      await local.close();
    }
  });
});

describe('createApp with a logger that does not write info lines', () => {
  it('builds no access line for it, and still answers and logs errors', async () => {
    const calls: string[] = [];
    const logger = {
      info: () => void calls.push('info'),
      warn: () => void calls.push('warn'),
      error: () => void calls.push('error'),
      isLevelEnabled: (level: string) => level !== 'info',
    };
    const local = await serve(createApp({ store: createMemoryStore(), clock: { now: () => new Date() }, timezone: 'UTC', logger }));
    try {
      expect((await local.request('GET', '/healthz')).status).toBe(200);
      expect((await local.request('GET', '/api/v2/nobody/unit')).status).toBe(401);
      expect(calls).toEqual([]);
    } finally {
      await local.close();
    }
  });
});

describe('createApp with a store that never answers', () => {
  it('answers /readyz with 503 unavailable once the timeout passes', async () => {
    const hanging: Store = {
      description: 'hanging',
      transaction: () => new Promise(() => {}),
      read: () => new Promise(() => {}),
      ping: () => new Promise(() => {}),
      close: async () => {},
    };
    const app = createApp({ store: hanging, clock: { now: () => new Date() }, timezone: 'UTC', readyTimeoutMs: 50 });
    const local = await serve(app);
    try {
      const res = await local.request('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.text).toContain(
        '<health>\n  <status>unavailable</status>\n  <store>\n    <status>unavailable</status>\n    <engine>hanging</engine>\n    <reason>the store did not answer: did not answer within 50 ms</reason>\n  </store>\n</health>',
      );
    } finally {
      await local.close();
    }
  });
});
