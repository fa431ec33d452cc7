import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { deleteRows } from '../../write-plan';
import { manufacturerResource } from '../manufacturer';
import { parttypeResource } from '../parttype';
import { planDeleteRecord } from './plan-delete-record';

describe('planDeleteRecord', () => {
  it('deletes the dependents the definition clears, then the record', () => {
    const row = { id: 5 } as never;
    expect(planDeleteRecord(manufacturerResource, row, {}, 0).steps).toEqual([deleteRows('linecard', { manufacturer_id: 5 }), deleteRows('manufacturer', { id: 5 })]);
  });

  it('refuses a record in use, then one attachments name (422)', () => {
    const row = { id: 5 } as never;
    expect(refusal(() => planDeleteRecord(parttypeResource, row, { children: 1 }, 1))).toMatchObject({ code: 'unprocessable', messages: ['Cannot delete record because dependent part types exist'] });
    expect(refusal(() => planDeleteRecord(parttypeResource, row, { children: 0 }, 1))).toMatchObject({ code: 'unprocessable', messages: ['Cannot delete record because dependent attachments exist'] });
  });
});
