import { errorTable } from '../error-table';
import { typedArray, type Schema } from './form-schema';

/** The two error bodies of the error table, and the 500's. */
export const errorSchemas: Readonly<Record<string, Schema>> = {
  ErrorList: {
    ...typedArray('errors', 'error', { type: 'string' }),
    description: 'One `error` element per message (field errors, states that forbid an action): `<errors type="array"><error>Name can\'t be blank</error></errors>`.',
  },
  ErrorMessage: {
    type: 'object',
    xml: { name: 'error' },
    properties: { message: { type: 'string' } },
    required: ['message'],
    description: '`<error><message>…</message></error>`.',
  },
  InternalError: {
    type: 'object',
    xml: { name: 'error' },
    properties: { message: { type: 'string', const: 'Internal server error' }, request_id: { type: 'string' } },
    required: ['message', 'request_id'],
    description: 'A generic message and the request id the log names; never a stack.',
  },
};

/** SPEC 7's per-item errors: one item element per failing item, numbered from 1, with its messages. */
export function itemErrorsSchema(root: string, item: string): Schema {
  return typedArray(root, item, {
    type: 'object',
    properties: { number: { type: 'integer', description: 'The item\'s place in the request, from 1.' }, errors: typedArray('errors', 'error', { type: 'string' }) },
    required: ['number', 'errors'],
  });
}

const BODY_SCHEMA = { errors: 'ErrorList', message: 'ErrorMessage' } as const;

/** Each status the error table answers with, and the bodies it may carry there: read from the one table. */
export function statusBodies(): ReadonlyMap<number, readonly string[]> {
  const byStatus = new Map<number, string[]>();
  for (const outcome of Object.values(errorTable)) {
    const bodies = byStatus.get(outcome.status) ?? [];
    const schema = BODY_SCHEMA[outcome.body];
    if (!bodies.includes(schema)) bodies.push(schema);
    byStatus.set(outcome.status, bodies);
  }
  return byStatus;
}
