import type { Schema } from './form-schema';

const header = (name: string, description: string, schema: Schema, example: string): Schema => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
  example,
});

/**
 * The document's `webhooks` (OpenAPI 3.1): what PIPS posts to a subscriber added with
 * `pips webhook add`, an event in the feed's own schema, signed as Standard Webhooks do.
 */
export function webhookDescriptions(eventSchema: string): Record<string, Schema> {
  return {
    event: {
      post: {
        operationId: 'webhookEvent',
        summary: 'An event posted to a subscriber',
        description:
          'Each committed change of the types a subscriber asked for (`pips webhook add URL --type …`), posted to its URL one at a time, in the order of `sequence`, at least once (docs/webhooks.md). A failure (an answer other than 2xx, none within 10 seconds, no connection) is retried with the same event, after 1 s and doubling to an hour, for a day; the subscriber is then marked failing until `pips webhook resume`. The signature follows Standard Webhooks: `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the secret after `whsec_`.',
        tags: ['Events'],
        'x-pips-extension': true,
        parameters: [
          header('webhook-id', "The event's `sequence`: the same on each retry of it, so a repeat can be dropped.", { type: 'string', pattern: '^[0-9]+$' }, '42'),
          header('webhook-timestamp', 'When this attempt was sent, in Unix seconds: refuse one far from now (a replay).', { type: 'string', pattern: '^[0-9]+$' }, '1795780800'),
          header(
            'webhook-signature',
            '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; several are separated by spaces.',
            { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$' },
            'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
          ),
        ],
        requestBody: {
          required: true,
          description: 'The event, as `GET …/events` shows it.',
          content: { 'application/xml': { schema: { $ref: `#/components/schemas/${eventSchema}` } } },
        },
        responses: {
          '200': { description: 'Taken (any 2xx): the next event follows.' },
          '400': { description: 'Refused (as any answer but 2xx): the same event is posted again after the backoff.' },
        },
      },
    },
  };
}
