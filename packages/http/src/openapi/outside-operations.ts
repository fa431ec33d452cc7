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
  '/readyz': probe('checkReadiness', 'Readiness', 'The store answers within the readiness timeout.', {
    200: { says: 'Ready: the store answered.', status: 'ok' },
    503: { says: 'Not ready: the store failed or did not answer in time.', status: 'unavailable' },
  }),
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
