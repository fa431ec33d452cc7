import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import {
  TS_SPACE,
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectForbidden,
  expectNotFound,
  expectRecord,
  idOf,
  many,
  type Rec,
} from './expect-xml';
import { create, createLocation, read, sublocationsXml } from './fixtures';
import { forms } from './forms';
import type { Target } from './targets';
import { targets } from './suite';

/** The names of the sublocations location `id` shows. */
async function sublocationNames(target: Target, id: number): Promise<unknown[]> {
  return many((await read(target, 'inventory_location', id)).inventory_sublocation).map((s) => s.name);
}

describe.each(targets())('inventory_sublocation on $name', (target) => {
  describe('create', () => {
    it('answers the show form (has_bins appended, false by default); the location lists it', async () => {
      const location = idOf(await createLocation(target));
      const name = unique('sub');
      const reply = await post(target, '/inventory_sublocation', {
        body: xmlBody('inventory_sublocation', { name, inventory_location_id: location }),
      });
      const record = expectRecord(reply, 'inventory_sublocation', forms.sublocation);
      expect(record).toMatchObject({ name, inventory_location_id: String(location), has_bins: 'false' });
      expect(record.created_on).toMatch(TS_SPACE);
      expect(record.updated_on).toMatch(TS_SPACE);
      const shown = many((await read(target, 'inventory_location', location)).inventory_sublocation);
      expect(shown.map((s) => s.name)).toEqual(['Default', name]);
      expect(shown[1]).toEqual({ id: record.id, name });
    });

    it('takes has_bins', async () => {
      const location = idOf(await createLocation(target));
      const record = await create(target, 'inventory_sublocation', {
        name: 'Binned',
        inventory_location_id: location,
        has_bins: '1',
      });
      expect(record.has_bins).toBe('true');
    });

    it('allows one name in two locations', async () => {
      const a = idOf(await createLocation(target));
      const b = idOf(await createLocation(target));
      await create(target, 'inventory_sublocation', { name: 'Shared', inventory_location_id: a });
      const reply = await post(target, '/inventory_sublocation', {
        body: xmlBody('inventory_sublocation', { name: 'Shared', inventory_location_id: b }),
      });
      expectRecord(reply, 'inventory_sublocation', forms.sublocation);
    });

    it.each([
      ['a blank name', { name: '' }, ["Name can't be blank"]],
      ['a name the location already has', { name: 'Default' }, ['Name has already been taken']],
      ['has_bins that is not a boolean', { has_bins: 'binful' }, ['Has bins must be true or false']],
    ])('refuses %s with 400 and creates nothing', async (_label, fields, messages) => {
      const location = idOf(await createLocation(target));
      const reply = await post(target, '/inventory_sublocation', {
        body: xmlBody('inventory_sublocation', { name: unique('sub'), inventory_location_id: location, ...fields }),
      });
      expectErrors(reply, 400, messages);
      expect(await sublocationNames(target, location)).toEqual(['Default']);
    });

    it.each([
      ['a missing location', { inventory_location_id: undefined }, ["Inventory location can't be blank"]],
      ['a non-integer location', { inventory_location_id: 'first' }, ['Inventory location must be an integer']],
      ['an unknown location', { inventory_location_id: UNKNOWN_ID }, ['Inventory location must exist']],
    ])('refuses %s with 400', async (_label, fields, messages) => {
      const reply = await post(target, '/inventory_sublocation', {
        body: xmlBody('inventory_sublocation', { name: unique('sub'), ...fields }),
      });
      expectErrors(reply, 400, messages);
    });
  });

  describe('show', () => {
    it('answers the show form', async () => {
      const location = await createLocation(target, {}, sublocationsXml([{ name: 'Rack', has_bins: 'true' }]));
      const sub = many(location.inventory_sublocation)[0] as Rec;
      const reply = await get(target, `/inventory_sublocation/${idOf(sub)}`);
      const record = expectRecord(reply, 'inventory_sublocation', forms.sublocation);
      expect(record).toMatchObject({ id: sub.id, inventory_location_id: location.id, name: 'Rack', has_bins: 'true' });
      expect(record.created_on).toMatch(TS_SPACE);
    });

    it('answers 404 for an unknown or non-integer id', async () => {
      expectNotFound(await get(target, `/inventory_sublocation/${UNKNOWN_ID}`), 'InventorySublocation', UNKNOWN_ID);
      expectNotFound(await get(target, '/inventory_sublocation/abc'), 'InventorySublocation', 'abc');
    });
  });

  describe('update', () => {
    it('changes name and has_bins and answers the show form', async () => {
      const location = idOf(await createLocation(target));
      const created = await create(target, 'inventory_sublocation', { name: unique('sub'), inventory_location_id: location });
      const id = idOf(created);
      const name = unique('sub-renamed');
      const reply = await put(target, `/inventory_sublocation/${id}`, {
        body: xmlBody('inventory_sublocation', { name, has_bins: 'true' }),
      });
      const record = expectRecord(reply, 'inventory_sublocation', forms.sublocation);
      expect(record).toMatchObject({ id: String(id), name, has_bins: 'true', inventory_location_id: String(location) });
      expect(await read(target, 'inventory_sublocation', id)).toEqual(record);
      expect(await sublocationNames(target, location)).toEqual(['Default', name]);
    });

    it('refuses to move a sublocation to another location with 422, and changes nothing', async () => {
      const home = idOf(await createLocation(target));
      const elsewhere = idOf(await createLocation(target));
      const created = await create(target, 'inventory_sublocation', { name: unique('sub'), inventory_location_id: home });
      const id = idOf(created);
      for (const location of [elsewhere, UNKNOWN_ID]) {
        const reply = await put(target, `/inventory_sublocation/${id}`, {
          body: xmlBody('inventory_sublocation', { name: unique('sub-moved'), inventory_location_id: location }),
        });
        expectErrors(reply, 422, ["Inventory location can't be changed"]);
      }
      expect(await read(target, 'inventory_sublocation', id)).toEqual(created);
      expect(await sublocationNames(target, home)).toEqual(['Default', created.name]);
      expect(await sublocationNames(target, elsewhere)).toEqual(['Default']);
    });

    it('takes the location it already has alongside other changes', async () => {
      const home = idOf(await createLocation(target));
      const created = await create(target, 'inventory_sublocation', { name: unique('sub'), inventory_location_id: home });
      const name = unique('sub-renamed');
      const reply = await put(target, `/inventory_sublocation/${idOf(created)}`, {
        body: xmlBody('inventory_sublocation', { name, inventory_location_id: home }),
      });
      const record = expectRecord(reply, 'inventory_sublocation', forms.sublocation);
      expect(record).toMatchObject({ name, inventory_location_id: String(home) });
      expect(await read(target, 'inventory_sublocation', idOf(created))).toEqual(record);
    });

    it('refuses a blank name, a sibling name or a bad boolean with 400 and changes nothing', async () => {
      const location = idOf(await createLocation(target));
      const created = await create(target, 'inventory_sublocation', { name: unique('sub'), inventory_location_id: location });
      const id = idOf(created);
      for (const [fields, message] of [
        [{ name: ' ' }, "Name can't be blank"],
        [{ name: 'Default' }, 'Name has already been taken'],
        [{ has_bins: 'often' }, 'Has bins must be true or false'],
      ] as const) {
        expectErrors(await put(target, `/inventory_sublocation/${id}`, { body: xmlBody('inventory_sublocation', fields) }), 400, [
          message,
        ]);
      }
      expect(await read(target, 'inventory_sublocation', id)).toEqual(created);
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(
        await put(target, `/inventory_sublocation/${UNKNOWN_ID}`, { body: xmlBody('inventory_sublocation', { name: 'x' }) }),
        'InventorySublocation',
        UNKNOWN_ID,
      );
    });
  });

  describe('delete', () => {
    it('answers 200 with an empty body; the sublocation is gone from its location', async () => {
      const location = idOf(await createLocation(target));
      const created = await create(target, 'inventory_sublocation', { name: unique('sub'), inventory_location_id: location });
      const id = idOf(created);
      expectEmpty(await del(target, `/inventory_sublocation/${id}`));
      expectNotFound(await get(target, `/inventory_sublocation/${id}`), 'InventorySublocation', id);
      expect(await sublocationNames(target, location)).toEqual(['Default']);
    });

    it('refuses to delete the last sublocation of a location (422) and keeps it', async () => {
      const location = await createLocation(target);
      const only = many(location.inventory_sublocation)[0] as Rec;
      expectErrors(await del(target, `/inventory_sublocation/${idOf(only)}`), 422, [
        'Cannot delete the last sublocation of an inventory location',
      ]);
      expect(await read(target, 'inventory_sublocation', idOf(only))).toMatchObject({ name: 'Default' });
      expect(await sublocationNames(target, idOf(location))).toEqual(['Default']);
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(await del(target, `/inventory_sublocation/${UNKNOWN_ID}`), 'InventorySublocation', UNKNOWN_ID);
    });
  });

  describe('permissions', () => {
    it('show needs view_inventory', async () => {
      const location = await createLocation(target);
      const sub = idOf(many(location.inventory_sublocation)[0] as Rec);
      for (const token of [target.tokens.none, target.tokens.manageData]) {
        expectForbidden(await get(target, `/inventory_sublocation/${sub}`, { token }), 'Can view inventory');
      }
      const reply = await get(target, `/inventory_sublocation/${sub}`, { token: target.tokens.viewInventory });
      expectRecord(reply, 'inventory_sublocation', forms.sublocation);
    });

    it('create, update and delete need manage_data; refused writes change nothing', async () => {
      const location = idOf(await createLocation(target));
      const created = await create(target, 'inventory_sublocation', { name: unique('sub'), inventory_location_id: location });
      const id = idOf(created);
      for (const token of [target.tokens.none, target.tokens.viewInventory]) {
        expectForbidden(
          await post(target, '/inventory_sublocation', {
            token,
            body: xmlBody('inventory_sublocation', { name: 'Refused', inventory_location_id: location }),
          }),
          'Can manage data',
        );
        expectForbidden(
          await put(target, `/inventory_sublocation/${id}`, { token, body: xmlBody('inventory_sublocation', { name: 'Refused' }) }),
          'Can manage data',
        );
        expectForbidden(await del(target, `/inventory_sublocation/${id}`, { token }), 'Can manage data');
      }
      expect(await read(target, 'inventory_sublocation', id)).toEqual(created);
      expect(await sublocationNames(target, location)).toEqual(['Default', created.name]);
    });

    it('a manage_data token can create, update and delete, but not show', async () => {
      const token = target.tokens.manageData;
      const location = idOf(await createLocation(target));
      const reply = await post(target, '/inventory_sublocation', {
        token,
        body: xmlBody('inventory_sublocation', { name: unique('sub'), inventory_location_id: location }),
      });
      const id = idOf(expectRecord(reply, 'inventory_sublocation', forms.sublocation));
      const updated = await put(target, `/inventory_sublocation/${id}`, {
        token,
        body: xmlBody('inventory_sublocation', { has_bins: 'true' }),
      });
      expect(expectRecord(updated, 'inventory_sublocation', forms.sublocation).has_bins).toBe('true');
      expectForbidden(await get(target, `/inventory_sublocation/${id}`, { token }), 'Can view inventory');
      expectEmpty(await del(target, `/inventory_sublocation/${id}`, { token }));
      expectNotFound(await get(target, `/inventory_sublocation/${id}`), 'InventorySublocation', id);
    });
  });
});
