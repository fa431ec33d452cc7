import { describe, expect, it } from 'vitest';
import { isPipsApiError } from '../errors/api-error';
import { onHarness } from '../testing/on-harness.test-helper';
import { referenceSetting } from '../testing/reference-setting';

const on = onHarness();

describe('events through the client', () => {
  it('reads the changes after a number, in order, by family, with the fields they wrote', async () => {
    const before = await on.client.events.list({ limit: 1000 });
    const after = before.at(-1)?.sequence ?? 0;
    const setting = await referenceSetting(on.client, 'ev');
    const part = await on.client.parts.create({
      manufacturer_pn: 'EV-1',
      manufacturer_id: setting.manufacturerId,
      parttype_id: setting.parttypeId,
      unit_id: setting.eachId,
      revision: { revision_name: 'A' },
    });
    const events = await on.client.events.list({ after, limit: 1000 });
    expect(events.map((event) => event.sequence)).toEqual(events.map((_, i) => after + 1 + i));
    const created = events.find((event) => event.path === `part/${part.id}`);
    expect(created).toMatchObject({ type: 'part.created', payload: expect.objectContaining({ manufacturer_pn: 'EV-1' }) });
    expect(created!.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const parts = await on.client.events.list({ after, type: 'part' });
    expect(parts.map((event) => event.type)).toEqual(['part.created']);
  });

  it('answers a bad parameter with the API error', async () => {
    const error = await on.client.events.list({ limit: 0 }).catch((caught: unknown) => caught);
    expect(isPipsApiError(error) && error.status).toBe(400);
  });
});
