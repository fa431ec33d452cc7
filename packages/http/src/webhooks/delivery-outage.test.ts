import { errors } from '@pips/domain';
import { describe, expect, it } from 'vitest';
import { deliveryOutage } from './delivery-outage';

describe('deliveryOutage', () => {
  it('logs a run of store failures once where it begins, with the code and no stack, and once where it ends', () => {
    const lines: Array<[string, Record<string, unknown>, string]> = [];
    const outage = deliveryOutage({
      info: (obj, msg) => lines.push(['info', obj as Record<string, unknown>, msg ?? '']),
      warn: (obj, msg) => lines.push(['warn', obj as Record<string, unknown>, msg ?? '']),
      error: (obj, msg) => lines.push(['error', obj as Record<string, unknown>, msg ?? '']),
    });
    outage.ended();
    for (let i = 0; i < 5; i += 1) outage.failed(errors.unavailable(), { webhook: 1 });
    outage.ended();
    outage.ended();
    outage.failed(new Error('a bug'), {});
    expect(lines.map(([level, obj, msg]) => [level, obj.code ?? (obj.err ? 'err' : null), msg.split(':')[0]])).toEqual([
      ['warn', 'unavailable', 'webhook delivery failed; it goes on once the database answers'],
      ['info', null, 'webhook delivery going on again'],
      ['warn', 'err', 'webhook delivery failed; it goes on once the database answers'],
    ]);
    expect(JSON.stringify(lines[0])).not.toContain(' at ');
  });
});
