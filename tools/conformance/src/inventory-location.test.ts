import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import {
  TS_SPACE,
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectForbidden,
  expectList,
  expectNotFound,
  expectRecord,
  findById,
  idOf,
  many,
  type Rec,
} from './expect-xml';
import { createLocation, list, read, sublocationsXml } from './fixtures';
import { forms, locationShow } from './forms';
import { targets } from './suite';

const FIELDS = {
  shortname: 'WH1',
  timezone: 'Europe/Berlin',
  description: 'Main warehouse',
  phone1: '+49 30 1',
  phone2: '+49 30 2',
  address1: 'Hauptstr. 1',
  address2: 'Hof',
  city: 'Berlin',
  state: 'BE',
  postcode: '10115',
  country: 'DE',
};

describe.each(targets())('inventory_location on $name', (target) => {
  const locations = () => list(target, 'inventory_location', 'inventory_locations');

  describe('create', () => {
    it('answers the show form with the sublocations sent, as repeated inventory_sublocation children', async () => {
      const name = unique('loc');
      const reply = await post(target, '/inventory_location', {
        body: xmlBody(
          'inventory_location',
          { name, ...FIELDS },
          sublocationsXml([
            { name: 'Shelf A', has_bins: 'true' },
            { name: 'Shelf B', has_bins: 'false' },
          ]),
        ),
      });
      const record = expectRecord(reply, 'inventory_location', locationShow(2));
      idOf(record);
      expect(record).toMatchObject({ name, ...FIELDS });
      expect(record.created_on).toMatch(TS_SPACE);
      expect(record.updated_on).toMatch(TS_SPACE);
      const subs = many(record.inventory_sublocation);
      expect(subs.map((s) => Object.keys(s))).toEqual([forms.locationSublocation, forms.locationSublocation]);
      expect(subs.map((s) => s.name)).toEqual(['Shelf A', 'Shelf B']);
      const shelfA = await read(target, 'inventory_sublocation', idOf(subs[0] as Rec));
      expect(shelfA).toMatchObject({ name: 'Shelf A', inventory_location_id: record.id, has_bins: 'true' });
      const shelfB = await read(target, 'inventory_sublocation', idOf(subs[1] as Rec));
      expect(shelfB).toMatchObject({ name: 'Shelf B', inventory_location_id: record.id, has_bins: 'false' });
    });

    it('gives a location created without sublocations one named Default', async () => {
      const reply = await post(target, '/inventory_location', { body: xmlBody('inventory_location', { name: unique('loc') }) });
      const record = expectRecord(reply, 'inventory_location', locationShow(1));
      const [only] = many(record.inventory_sublocation);
      expect(only).toEqual({ id: only?.id, name: 'Default' });
      expect(await read(target, 'inventory_sublocation', idOf(only as Rec))).toMatchObject({
        name: 'Default',
        has_bins: 'false',
        inventory_location_id: record.id,
      });
      expect(record).toMatchObject({ shortname: null, timezone: null, description: null, country: null });
    });

    it('takes a form body with nested sublocations in Rails bracket keys', async () => {
      const name = unique('loc-form');
      const form = [
        `inventory_location[name]=${encodeURIComponent(name)}`,
        'inventory_location[shortname]=FORM',
        'inventory_location[inventory_sublocations][][name]=F1',
        'inventory_location[inventory_sublocations][][has_bins]=true',
        'inventory_location[inventory_sublocations][][name]=F2',
      ].join('&');
      const reply = await post(target, '/inventory_location', { form });
      const record = expectRecord(reply, 'inventory_location', locationShow(2));
      expect(record).toMatchObject({ name, shortname: 'FORM' });
      const subs = many(record.inventory_sublocation);
      expect(subs.map((s) => s.name)).toEqual(['F1', 'F2']);
      expect((await read(target, 'inventory_sublocation', idOf(subs[0] as Rec))).has_bins).toBe('true');
      expect((await read(target, 'inventory_sublocation', idOf(subs[1] as Rec))).has_bins).toBe('false');
    });

    it('takes a description longer than 255 characters (descriptions hold 65,535)', async () => {
      const description = 'd'.repeat(5000);
      const record = await createLocation(target, { description });
      expect(record.description).toBe(description);
    });

    it('refuses a name longer than 255 characters', async () => {
      const marker = unique('marker');
      const reply = await post(target, '/inventory_location', {
        body: xmlBody('inventory_location', { name: 'n'.repeat(256), shortname: marker }),
      });
      expectErrors(reply, 400, ['Name is too long (maximum is 255 characters)']);
      expect((await locations()).filter((l) => l.shortname === marker)).toEqual([]);
    });

    it('takes a single sublocation in the array', async () => {
      const record = await createLocation(target, {}, sublocationsXml([{ name: 'Only' }]));
      expect(many(record.inventory_sublocation).map((s) => s.name)).toEqual(['Only']);
    });

    it('takes a list of sublocations without type="array", with one child or many', async () => {
      const untyped = (names: string[]) =>
        `<inventory_sublocations>${names.map((n) => `<inventory_sublocation><name>${n}</name><has_bins>true</has_bins></inventory_sublocation>`).join('')}</inventory_sublocations>`;
      for (const names of [['Only'], ['First', 'Second']]) {
        const reply = await post(target, '/inventory_location', {
          body: xmlBody('inventory_location', { name: unique('loc-untyped') }, untyped(names)),
        });
        const record = expectRecord(reply, 'inventory_location', locationShow(names.length));
        const subs = many((await read(target, 'inventory_location', idOf(record))).inventory_sublocation);
        expect(subs.map((s) => s.name)).toEqual(names);
        for (const sub of subs) expect((await read(target, 'inventory_sublocation', idOf(sub))).has_bins).toBe('true');
      }
    });

    it('reads sublocations sent in several wrappers as one list, each name once', async () => {
      const names = ['Shelf A', 'Shelf B', 'Shelf C'];
      const whole = sublocationsXml(names.map((name) => ({ name })));
      const halves = `${sublocationsXml([{ name: 'Shelf A' }, { name: 'Shelf B' }])}<inventory_sublocations><inventory_sublocation><name>Shelf C</name></inventory_sublocation></inventory_sublocations>`;
      const twice = sublocationsXml([{ name: 'Shelf A' }, { name: 'Shelf B' }, { name: 'Shelf A' }, { name: 'Shelf C' }]);
      for (const tail of [names.map(() => whole).join(''), halves, twice]) {
        const reply = await post(target, '/inventory_location', { body: xmlBody('inventory_location', { name: unique('loc-repeated') }, tail) });
        const record = expectRecord(reply, 'inventory_location', locationShow(names.length));
        expect(many((await read(target, 'inventory_location', idOf(record))).inventory_sublocation).map((sub) => sub.name), tail).toEqual(names);
      }
    });

    it('reads an empty inventory_sublocations element as no sublocations, and gives one named Default', async () => {
      for (const tail of ['<inventory_sublocations/>', '<inventory_sublocations>\n  </inventory_sublocations>', '<inventory_sublocations type="array"/>']) {
        const record = await createLocation(target, {}, tail);
        expect(many((await read(target, 'inventory_location', idOf(record))).inventory_sublocation).map((s) => s.name), tail).toEqual([
          'Default',
        ]);
      }
    });

    it('refuses text where the sublocation list should be with 400 and creates nothing', async () => {
      const marker = unique('marker');
      const reply = await post(target, '/inventory_location', {
        body: xmlBody('inventory_location', { name: unique('loc'), shortname: marker }, '<inventory_sublocations>Shelf A</inventory_sublocations>'),
      });
      expectErrors(reply, 400, ['Inventory sublocations must be a list']);
      expect((await locations()).filter((l) => l.shortname === marker)).toEqual([]);
    });

    it.each([
      ['a blank location name', { name: ' ' }, [{ name: 'A' }], ["Name can't be blank"]],
      ['a blank sublocation name', {}, [{ name: 'A' }, { name: '' }], ["Inventory sublocations name can't be blank"]],
      [
        'a sublocation has_bins that is not a boolean',
        {},
        [{ name: 'A', has_bins: 'maybe' }],
        ['Inventory sublocations has bins must be true or false'],
      ],
      [
        'one sublocation name listed twice with different values',
        {},
        [{ name: 'Same' }, { name: 'Same', has_bins: 'true' }],
        ["Inventory sublocations name 'Same' is listed twice with different values"],
      ],
    ])('refuses %s with 400 and creates neither location nor sublocation', async (_label, fields, subs, messages) => {
      const marker = unique('marker');
      const reply = await post(target, '/inventory_location', {
        body: xmlBody('inventory_location', { name: unique('loc'), shortname: marker, ...fields }, sublocationsXml(subs)),
      });
      expectErrors(reply, 400, messages);
      expect((await locations()).filter((l) => l.shortname === marker)).toEqual([]);
    });

    it('refuses a duplicate location name with 400 and keeps one record', async () => {
      const name = unique('loc');
      await createLocation(target, { name });
      const reply = await post(target, '/inventory_location', { body: xmlBody('inventory_location', { name }) });
      expectErrors(reply, 400, ['Name has already been taken']);
      expect((await locations()).filter((l) => l.name === name)).toHaveLength(1);
    });
  });

  describe('list', () => {
    it('is inventory_locations (type="array") without sublocations, containing what was created', async () => {
      const created = await createLocation(target, FIELDS);
      const items = expectList(
        await get(target, '/inventory_location'),
        'inventory_locations',
        'inventory_location',
        forms.location,
      );
      const item = findById(items, idOf(created));
      const { inventory_sublocation: _subs, ...fields } = created;
      expect(item).toEqual(fields);
      expect(item?.created_on).toMatch(TS_SPACE);
    });
  });

  describe('show', () => {
    it('answers the show form', async () => {
      const created = await createLocation(target, FIELDS, sublocationsXml([{ name: 'X' }, { name: 'Y' }, { name: 'Z' }]));
      const reply = await get(target, `/inventory_location/${idOf(created)}`);
      expect(expectRecord(reply, 'inventory_location', locationShow(3))).toEqual(created);
    });

    it('answers 404 for an unknown or non-integer id', async () => {
      expectNotFound(await get(target, `/inventory_location/${UNKNOWN_ID}`), 'InventoryLocation', UNKNOWN_ID);
      expectNotFound(await get(target, '/inventory_location/abc'), 'InventoryLocation', 'abc');
    });
  });

  describe('update', () => {
    it('changes the fields sent and answers the show form', async () => {
      const created = await createLocation(target, FIELDS);
      const id = idOf(created);
      const name = unique('loc-renamed');
      const reply = await put(target, `/inventory_location/${id}`, {
        body: xmlBody('inventory_location', { name, description: 'Renamed', timezone: 'Not/AZone' }),
      });
      const record = expectRecord(reply, 'inventory_location', locationShow(1));
      expect(record).toMatchObject({ ...FIELDS, name, description: 'Renamed', timezone: 'Not/AZone' });
      expect(record.inventory_sublocation).toEqual(created.inventory_sublocation);
      expect(await read(target, 'inventory_location', id)).toEqual(record);
    });

    it('ignores inventory_sublocations', async () => {
      const created = await createLocation(target, {}, sublocationsXml([{ name: 'Keep' }]));
      const id = idOf(created);
      const reply = await put(target, `/inventory_location/${id}`, {
        body: xmlBody('inventory_location', { city: 'Elsewhere' }, sublocationsXml([{ name: 'New1' }, { name: 'New2' }])),
      });
      const record = expectRecord(reply, 'inventory_location', locationShow(1));
      expect(record.city).toBe('Elsewhere');
      expect(record.inventory_sublocation).toEqual(created.inventory_sublocation);
    });

    it('sets a field to null with an empty element', async () => {
      const created = await createLocation(target, FIELDS);
      const reply = await put(target, `/inventory_location/${idOf(created)}`, {
        body: '<inventory_location><timezone/></inventory_location>',
      });
      expect(expectRecord(reply, 'inventory_location', locationShow(1)).timezone).toBeNull();
    });

    it('refuses a blank or duplicate name with 400 and changes nothing', async () => {
      const other = await createLocation(target);
      const created = await createLocation(target, FIELDS);
      const id = idOf(created);
      expectErrors(
        await put(target, `/inventory_location/${id}`, { body: xmlBody('inventory_location', { name: '', city: 'X' }) }),
        400,
        ["Name can't be blank"],
      );
      expectErrors(
        await put(target, `/inventory_location/${id}`, {
          body: xmlBody('inventory_location', { name: String(other.name), city: 'X' }),
        }),
        400,
        ['Name has already been taken'],
      );
      expect(await read(target, 'inventory_location', id)).toEqual(created);
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(
        await put(target, `/inventory_location/${UNKNOWN_ID}`, { body: xmlBody('inventory_location', { city: 'x' }) }),
        'InventoryLocation',
        UNKNOWN_ID,
      );
    });
  });

  describe('delete', () => {
    it('answers 200 with an empty body and removes the location and its sublocations', async () => {
      const created = await createLocation(target, {}, sublocationsXml([{ name: 'S1' }, { name: 'S2' }]));
      const id = idOf(created);
      const subIds = many(created.inventory_sublocation).map(idOf);
      expectEmpty(await del(target, `/inventory_location/${id}`));
      expectNotFound(await get(target, `/inventory_location/${id}`), 'InventoryLocation', id);
      for (const subId of subIds) {
        expectNotFound(await get(target, `/inventory_sublocation/${subId}`), 'InventorySublocation', subId);
      }
      expect(findById(await locations(), id)).toBeUndefined();
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(await del(target, `/inventory_location/${UNKNOWN_ID}`), 'InventoryLocation', UNKNOWN_ID);
    });
  });

  describe('permissions', () => {
    it('list and show need view_inventory', async () => {
      const created = await createLocation(target);
      const id = idOf(created);
      for (const token of [target.tokens.none, target.tokens.manageData]) {
        expectForbidden(await get(target, '/inventory_location', { token }), 'Can view inventory');
        expectForbidden(await get(target, `/inventory_location/${id}`, { token }), 'Can view inventory');
      }
      const token = target.tokens.viewInventory;
      const items = expectList(await get(target, '/inventory_location', { token }), 'inventory_locations', 'inventory_location', forms.location);
      expect(findById(items, id)).toBeDefined();
      expect(expectRecord(await get(target, `/inventory_location/${id}`, { token }), 'inventory_location', locationShow(1))).toEqual(
        created,
      );
    });

    it('create, update and delete need manage_data; refused writes change nothing', async () => {
      const created = await createLocation(target, FIELDS);
      const id = idOf(created);
      for (const token of [target.tokens.none, target.tokens.viewInventory]) {
        const marker = unique('marker');
        expectForbidden(
          await post(target, '/inventory_location', {
            token,
            body: xmlBody('inventory_location', { name: unique('loc'), shortname: marker }),
          }),
          'Can manage data',
        );
        expect((await locations()).filter((l) => l.shortname === marker)).toEqual([]);
        expectForbidden(
          await put(target, `/inventory_location/${id}`, { token, body: xmlBody('inventory_location', { city: 'Nope' }) }),
          'Can manage data',
        );
        expectForbidden(await del(target, `/inventory_location/${id}`, { token }), 'Can manage data');
      }
      expect(await read(target, 'inventory_location', id)).toEqual(created);
    });

    it('a manage_data token can create, update and delete, but not list', async () => {
      const token = target.tokens.manageData;
      const name = unique('loc');
      const reply = await post(target, '/inventory_location', { token, body: xmlBody('inventory_location', { name }) });
      const record = expectRecord(reply, 'inventory_location', locationShow(1));
      const id = idOf(record);
      const updated = await put(target, `/inventory_location/${id}`, {
        token,
        body: xmlBody('inventory_location', { city: 'Managed' }),
      });
      expect(expectRecord(updated, 'inventory_location', locationShow(1)).city).toBe('Managed');
      expectForbidden(await get(target, '/inventory_location', { token }), 'Can view inventory');
      expectEmpty(await del(target, `/inventory_location/${id}`, { token }));
      expectNotFound(await get(target, `/inventory_location/${id}`), 'InventoryLocation', id);
    });
  });
});
