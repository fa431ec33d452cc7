import { describe, expect, it } from 'vitest';
import { planDetach } from './plan-detach';

describe('planDetach', () => {
  it('plans the delete of the one row, whose rows answer what was removed', () => {
    const { plan, removed } = planDetach(12);
    expect(plan.steps).toEqual([{ kind: 'delete', table: 'attachment', where: { id: 12 } }]);
    expect(plan.steps[0]).toBe(removed);
  });
});
