import { dispositions, LINK_LIFETIME_MS } from '@pips/domain';
import type { Schema } from './form-schema';

const XML = 'application/xml';
const ref = (kind: string, name: string): Schema => ({ $ref: `#/components/${kind}/${name}` });
const message = (description: string): Schema => ({ description, content: { [XML]: { schema: ref('schemas', 'ErrorMessage') } } });

/** `<health><status>…</status></health>`, the probes' answer. */
const health = (statuses: readonly string[]): Schema => ({
  type: 'object',
  xml: { name: 'health' },
  properties: { status: { type: 'string', enum: [...statuses] } },
  required: ['status'],
});

const probe = (id: string, summary: string, description: string, statuses: Record<number, { says: string; status: string }>): Schema => ({
  get: {
    operationId: id,
    summary,
    description,
    tags: ['Service'],
    responses: Object.fromEntries(
      Object.entries(statuses).map(([code, { says, status }]) => [code, { description: says, content: { [XML]: { schema: health([status]) } } }]),
    ),
  },
});

/** One check's element in `/readyz`: its status, what it found, and why it is not ready. */
const check = (description: string, facts: Record<string, Schema>): Schema => ({
  type: 'object',
  description,
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    ...facts,
    reason: { type: 'string', description: 'Why not ready, in words for anyone: no path, host or secret. Only when `unavailable`.' },
  },
  required: ['status'],
});

/** `<health>` as `/readyz` answers: the overall status, then one element per check, in this order. */
const readiness = (status: string): Schema => ({
  type: 'object',
  xml: { name: 'health' },
  properties: {
    status: { type: 'string', enum: [status] },
    store: check('The store answers a statement.', { engine: { type: 'string', enum: ['pglite', 'postgresql', 'memory'] } }),
    blobs: check('A file could be stored now: a probe file created, written and removed in DATA_DIR/blobs, or PostgreSQL taking writes (not a standby).', {
      kind: { type: 'string', enum: ['files', 'large_objects', 'memory'] },
    }),
    migrations: check('The last migration applied to the database, and whether it is the newest this build knows; a schema behind the build is not ready (one a newer build migrated is).', {
      applied: { type: ['string', 'null'] },
      newest: { type: 'boolean' },
    }),
    database_thread: check('The embedded database’s thread (PGlite only): alive, the store’s work queued for it, the calls posted to it and how long the oldest has waited.', {
      alive: { type: 'boolean' },
      queued: { type: 'integer' },
      posted: { type: 'integer' },
      oldest_wait_ms: { type: ['integer', 'null'] },
    }),
  },
  required: ['status', 'store'],
});

const header = (description: string, schema: Schema = { type: 'string' }): Schema => ({ description, schema });
const fileHeaders = {
  ETag: header('The file’s MD5, quoted; `If-None-Match` with it answers 304.'),
  'Accept-Ranges': header('`bytes`: one range may be asked for.'),
  'Content-Disposition': header('`inline` or `attachment`, as the link says, with the file’s name.'),
  'Cache-Control': header('`private`, for no longer than the link lasts.'),
};

const query = (name: string, description: string, schema: Schema): Schema => ({ name, in: 'query', required: true, description, schema });

/** `GET /downloads/attachments/{id}`: where a signed link leads (`download-routes.ts`). */
const download: Schema = {
  get: {
    operationId: 'downloadAttachment',
    summary: 'Download an attachment’s file by a signed link',
    description: `The link \`attachmentDownloadUri\` answers, as it is: the link is the credential, so no token is needed, and it lasts ${LINK_LIFETIME_MS / 60_000} minutes. The file is streamed with its own type and length; a \`Range\` of one span answers 206.`,
    tags: ['Attachments'],
    parameters: [
      { name: 'id', in: 'path', required: true, description: 'The attachment id the link names.', schema: { type: 'integer' } },
      query('disposition', 'How the browser is told to show the file, as signed.', { type: 'string', enum: [...dispositions] }),
      query('expires', 'When the link stops working, in milliseconds since 1970, as signed.', { type: 'string', pattern: '^[0-9]{1,15}$' }),
      query('signature', 'The server’s signature of the id, disposition and expiry.', { type: 'string', pattern: '^[0-9a-f]{64}$' }),
      { name: 'Range', in: 'header', description: 'One span of bytes (`bytes=0-99`).', schema: { type: 'string' } },
      { name: 'If-None-Match', in: 'header', description: 'The ETag of a copy already held.', schema: { type: 'string' } },
    ],
    responses: {
      200: { description: 'The whole file.', headers: fileHeaders, content: { '*/*': { schema: {} } } },
      206: {
        description: 'The span asked for.',
        headers: { ...fileHeaders, 'Content-Range': header('`bytes START-END/SIZE`.') },
        content: { '*/*': { schema: {} } },
      },
      304: { description: 'The copy the client holds is the file (`If-None-Match`).', headers: fileHeaders },
      403: message('The link is expired, altered or names no attachment (`This download link is not valid.`).'),
      404: message('The attachment’s file is missing from the file store.'),
      416: message('The range lies outside the file.'),
      500: ref('responses', 'InternalError'),
      503: ref('responses', 'Busy'),
    },
  },
};

/**
 * The routes outside the token prefix, which the route table does not hold: the signed download
 * and the probes and metrics for whoever runs the server. None takes a token.
 */
export const outsidePaths: Readonly<Record<string, Schema>> = {
  '/downloads/attachments/{id}': download,
  '/healthz': probe('checkHealth', 'Liveness', 'The process answers; nothing else is checked.', { 200: { says: 'Alive.', status: 'ok' } }),
  '/readyz': {
    get: {
      operationId: 'checkReadiness',
      summary: 'Readiness',
      description:
        'Each check runs at once, within the readiness timeout (2 s): the store, the blob store, the migration level, and on the embedded database its thread. Probes arriving together share one round of checks. The body names each check’s status, and its reason when it fails; it holds no path, host or secret.',
      tags: ['Service'],
      responses: {
        200: { description: 'Ready: every check passed.', content: { [XML]: { schema: readiness('ok') } } },
        503: { description: 'Not ready: a check failed or did not answer in time; its element says why.', content: { [XML]: { schema: readiness('unavailable') } } },
      },
    },
  },
  '/metrics': {
    get: {
      operationId: 'readMetrics',
      summary: 'Metrics in Prometheus’s text format',
      description:
        'Requests by method, route and status, their latency, errors by code, the store’s load and the process’s own. Routes are named as registered (`/unit/:id`), never by path, so no token reaches a metric. With `WEB_CONCURRENCY` the answer covers every worker.',
      tags: ['Service'],
      responses: { 200: { description: 'The metrics.', content: { 'text/plain': { schema: { type: 'string' } } } } },
    },
  },
};
