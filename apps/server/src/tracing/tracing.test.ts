import { Writable } from 'node:stream';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { pino } from 'pino';
import { pgliteDataDir, postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it, type TestContext } from 'vitest';
import { readConfig } from '../config';
import { startServer } from '../start-server';
import { freshDatabase } from '../test-processes';
import { traceIds } from './log-trace-ids';
import { startTracing } from './start-tracing';

// The request span and its statement spans for a part show and an inventory split, on the
// server in this process with an in-memory exporter: names by route template, statement text
// with `$n` and never a value, the caller's traceparent honoured, trace ids in the log lines,
// and the token nowhere in a span.

const TOKEN = 'trace-token-4f1c8e2a9b7d3065';
/** A comment the split writes: a value that must reach no span. */
const COMMENT = 'split-comment-7e3a91c4';
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

type Line = Record<string, unknown>;

async function startTraced(test: TestContext, env: Record<string, string>) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const exporter = new InMemorySpanExporter();
  // No exporter of its own: only the test's, which keeps each span as it ends.
  const tracing = startTracing({ exporters: [], sampler: { name: 'parentbased_always_on', ratio: 1 } }, [new SimpleSpanProcessor(exporter)]);
  const config = readConfig({ PORT: '0', BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'info', ...env });
  const running = await startServer(config, { logger: pino({ level: 'info', mixin: traceIds }, sink), tracing });
  test.onTestFinished(() => running.close(), 30_000);
  const call = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${running.url}/api/v2/${TOKEN}${path}`, {
      method,
      headers: { ...(body !== undefined && { 'Content-Type': 'application/xml' }), ...headers },
      body,
    });
    const text = await answer.text();
    return { status: answer.status, text, requestId: answer.headers.get('x-request-id') ?? '' };
  };
  return { lines, exporter, call };
}

/** The first `<id>` of an answer: the record just made. */
const idOf = (xml: string) => /<id[^>]*>(\d+)<\/id>/.exec(xml)?.[1] ?? '';

async function seed(call: Awaited<ReturnType<typeof startTraced>>['call']) {
  const unit = idOf((await call('POST', '/unit', '<unit><name>Each</name><allow_fractional>false</allow_fractional></unit>')).text);
  const maker = idOf((await call('POST', '/manufacturer', '<manufacturer><name>Acme</name></manufacturer>')).text);
  const type = idOf((await call('POST', '/parttype', '<parttype><name>Resistor</name><partnumber_key>R</partnumber_key></parttype>')).text);
  const location = await call(
    'POST',
    '/inventory_location',
    '<inventory_location><name>Store</name><shortname>ST</shortname><timezone>UTC</timezone><inventory_sublocations type="array"><inventory_sublocation><name>Shelf</name><has_bins>false</has_bins></inventory_sublocation></inventory_sublocations></inventory_location>',
  );
  const sublocation = /<inventory_sublocation>\s*<id[^>]*>(\d+)<\/id>/.exec(location.text)?.[1] ?? '';
  const part = idOf(
    (
      await call(
        'POST',
        '/part',
        `<part><manufacturer_pn>R-1K</manufacturer_pn><manufacturer_id>${maker}</manufacturer_id><parttype_id>${type}</parttype_id><unit_id>${unit}</unit_id><revision><revision_name>A</revision_name></revision></part>`,
      )
    ).text,
  );
  const made = await call(
    'POST',
    `/parts/${part}/inventory_units`,
    `<inventory_unit><inventory_sublocation_id>${sublocation}</inventory_sublocation_id><unit_id>${unit}</unit_id><quantity>100</quantity></inventory_unit>`,
  );
  expect(made.status, made.text).toBe(200);
  return { part, sublocation, inventoryUnit: idOf(made.text) };
}

const ms = ([seconds, nanos]: readonly [number, number]) => seconds * 1e3 + nanos / 1e6;

/** The spans of one trace: its server span and the spans below it. */
function traceOf(spans: readonly ReadableSpan[], requestId: string) {
  const server = spans.filter((span) => span.kind === SpanKind.SERVER && span.attributes['pips.request_id'] === requestId);
  expect(server).toHaveLength(1);
  const request = server[0]!;
  const { traceId, spanId } = request.spanContext();
  const children = spans.filter((span) => span.parentSpanContext?.spanId === spanId);
  for (const child of children) expect(child.spanContext().traceId).toBe(traceId);
  return { request, statements: children.filter((span) => span.kind === SpanKind.CLIENT) };
}

function expectStatements(statements: readonly ReadableSpan[], engine: string, values: readonly string[]) {
  expect(statements.length).toBeGreaterThan(0);
  for (const span of statements) {
    const text = String(span.attributes['db.query.text']);
    expect(span.name).toMatch(/^[A-Z]+$/);
    expect(text).toMatch(/^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i);
    expect(span.attributes['pips.db.engine']).toBe(engine);
    expect(span.attributes['db.system.name']).toBe('postgresql');
    for (const value of values) expect(text).not.toContain(value);
  }
  // PGlite: a read's wait for the session, or a transaction's before its first statement.
  if (engine === 'pglite') expect(statements.some((span) => typeof span.attributes['pips.db.queue_ms'] === 'number')).toBe(true);
}

async function tracesRequests(test: TestContext, env: Record<string, string>, engine: string) {
  const { lines, exporter, call } = await startTraced(test, env);
  const { part, sublocation, inventoryUnit } = await seed(call);

  const shown = await call('GET', `/part/${part}`, undefined, { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` });
  expect(shown.status).toBe(200);
  const split = await call(
    'POST',
    `/parts/${part}/inventory_units/${inventoryUnit}/split`,
    `<inventory_unit><inventory_sublocation_id>${sublocation}</inventory_sublocation_id><quantity>40</quantity><inventory_record><comment>${COMMENT}</comment></inventory_record></inventory_unit>`,
  );
  expect(split.status, split.text).toBe(200);
  const refused = await call('GET', '/part/999999');
  expect(refused.status).toBe(404);
  const spans = exporter.getFinishedSpans();

  // Show: the caller's trace continued, the span named by the route, its statements below it.
  const show = traceOf(spans, shown.requestId);
  expect(show.request.name).toBe('GET /api/v2/{token}/part/{id}');
  expect(show.request.spanContext().traceId).toBe(CALLER_TRACE);
  expect(show.request.parentSpanContext?.spanId).toBe(CALLER_SPAN);
  expect(show.request.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/api/v2/{token}/part/{id}', 'http.response.status_code': 200 });
  expectStatements(show.statements, engine, [TOKEN]);

  // Split: a new trace (no traceparent), its transaction's statements, no value among them.
  const splitTrace = traceOf(spans, split.requestId);
  expect(splitTrace.request.name).toBe('POST /api/v2/{token}/parts/{part_id}/inventory_units/{id}/split');
  expect(splitTrace.request.parentSpanContext).toBeUndefined();
  expect(splitTrace.request.spanContext().traceId).not.toBe(CALLER_TRACE);
  expectStatements(splitTrace.statements, engine, [TOKEN, COMMENT]);
  expect(splitTrace.statements.some((span) => /^\s*(INSERT|UPDATE|WITH)/i.test(String(span.attributes['db.query.text'])))).toBe(true);
  // Each statement ran within its request.
  for (const { request, statements } of [show, splitTrace]) {
    for (const span of statements) {
      expect(ms(span.startTime)).toBeGreaterThanOrEqual(ms(request.startTime) - 1);
      expect(ms(span.endTime)).toBeLessThanOrEqual(ms(request.endTime) + 1);
    }
  }

  // A refusal: its error code on the span, which is not failed (a 4xx is the caller's).
  const refusal = traceOf(spans, refused.requestId);
  expect(refusal.request.attributes).toMatchObject({ 'http.response.status_code': 404, 'error.type': 'not_found' });

  // The access lines carry their request's trace.
  for (const [answer, trace] of [
    [shown, show],
    [split, splitTrace],
  ] as const) {
    const access = lines.filter((line) => line.msg === 'request' && line.request_id === answer.requestId);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ trace_id: trace.request.spanContext().traceId, span_id: trace.request.spanContext().spanId });
  }

  // Statements outside a request (the bootstrap token ensured at start) make no trace of their own.
  expect(spans.filter((span) => span.kind === SpanKind.CLIENT && span.parentSpanContext === undefined)).toEqual([]);

  // The token is in no span's name or attribute, nor in the resource.
  const everything = JSON.stringify(spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events })));
  expect(everything).not.toContain(TOKEN);
  expect(everything).not.toContain(COMMENT);
}

describe('traces on the embedded database', () => {
  it('a span per request by route, statement spans below it, the caller\'s trace, trace ids in the log', { timeout: 120_000 }, async (test) => {
    await tracesRequests(test, { DATA_DIR: await pgliteDataDir('migrated') }, 'pglite');
  });
});

postgresSuites('traces on PostgreSQL', (adminUrl) => {
  describe('traces on PostgreSQL', () => {
    it('a span per request by route, statement spans below it, the caller\'s trace, trace ids in the log', { timeout: 120_000 }, async (test) => {
      await tracesRequests(test, { DATABASE_URL: await freshDatabase(test, adminUrl, 'traces') }, 'postgresql');
    });
  });
});
