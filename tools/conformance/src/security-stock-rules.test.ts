import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, type XmlValue } from './client';
import { expectErrors, expectRecord, idOf, type Rec } from './expect-xml';
import { createUnit } from './fixtures';
import { forms } from './forms';
import {
  addUnit,
  adjust,
  expectUnchanged,
  expectUnit,
  listingOf,
  showUnit,
  snapshot,
  stockSetting,
  unitPath,
  unitXml,
  type Stock,
} from './inventory-fixtures';
import { readPart } from './part-fixtures';
import { importOrders, itemXml, orderXml, ordersFile, purchasingSetting } from './purchase-order-fixtures';
import { targets } from './suite';

// What a stock keeper expects of every unit, whichever request writes it: a serial number names one
// unit of its part; stock is counted in its part's unit of measure or one that converts to it; a
// bin only where the sublocation has bins. And what they rest on (a sublocation's bins, a
// conversion, a part's unit) stays while stock relies on it. Each refusal is read back: nothing changed.

const TAKEN = ['Serial number has already been taken'];

/** POST a unit of the stock's part: shelf A, the part's unit, quantity 1, `fields` on top. */
const createReply = (stock: Stock, fields: Record<string, XmlValue>) =>
  post(stock.target, unitPath(stock.partId), {
    body: unitXml({ inventory_sublocation_id: stock.shelves[0].id, unit_id: stock.measure.id, quantity: '1', ...fields }),
  });

/** The units of the stock's part whose serial number is exactly `serial`, by the search. */
async function unitsWithSerial(stock: Stock, serial: string): Promise<Rec[]> {
  const reply = await get(stock.target, '/inventory_units/search', {
    query: `field0=serial_number&comparison0=equals&term0=${encodeURIComponent(serial)}&per_page=1000`,
  });
  expect(reply.status, reply.text).toBe(200);
  const found = reply.xml?.inventory_units;
  return ((Array.isArray(found) ? found : []) as Rec[]).filter((unit) => unit.serial_number === serial && unit.part_id === String(stock.partId));
}

describe.each(targets())('stock rules on $name', (target) => {
  describe('a serial number names one unit of its part', () => {
    it('refuses a second unit of the part with it (400), trimmed or not, also once the first is empty; changes nothing', async () => {
      const stock = await stockSetting(target);
      const serial = unique('SN');
      const first = idOf(await addUnit(stock, { quantity: '1', serial_number: serial }));
      const before = await snapshot(stock, [first]);
      expectErrors(await createReply(stock, { serial_number: serial }), 400, TAKEN);
      await expectUnchanged(stock, before);
      expectErrors(await createReply(stock, { serial_number: ` ${serial}\t` }), 400, TAKEN);
      await expectUnchanged(stock, before);
      expectUnit(await adjust(target, stock.partId, first, '0', { adjustment_type: 'consume' }));
      const emptied = await snapshot(stock, [first]);
      expectErrors(await createReply(stock, { serial_number: serial }), 400, TAKEN);
      await expectUnchanged(stock, emptied);
      expect(await unitsWithSerial(stock, serial)).toHaveLength(1);
    });

    it('refuses an update to a serial number another unit of the part holds (400); changes nothing', async () => {
      const stock = await stockSetting(target);
      const serial = unique('SN');
      const holder = idOf(await addUnit(stock, { quantity: '1', serial_number: serial }));
      const other = idOf(await addUnit(stock, { quantity: '1', serial_number: unique('SN') }));
      const before = await snapshot(stock, [holder, other]);
      const update = (value: string) => put(target, unitPath(stock.partId, other), { body: unitXml({ serial_number: value, lot_code: 'L-1' }) });
      expectErrors(await update(serial), 400, TAKEN);
      await expectUnchanged(stock, before);
      expectErrors(await update(`${serial} `), 400, TAKEN);
      await expectUnchanged(stock, before);
    });

    it('takes it on another part, in another case, and keeps it trimmed', async () => {
      const stock = await stockSetting(target);
      const serial = unique('SN');
      await addUnit(stock, { quantity: '1', serial_number: serial });
      const other = await stock.addPart();
      expect((await addUnit(stock, { quantity: '1', serial_number: serial }, { partId: idOf(other) })).serial_number).toBe(serial);
      expect((await addUnit(stock, { quantity: '1', serial_number: serial.toLowerCase() })).serial_number).toBe(serial.toLowerCase());
      const padded = unique('SN');
      expect((await addUnit(stock, { quantity: '1', serial_number: `  ${padded} ` })).serial_number).toBe(padded);
      expectErrors(await createReply(stock, { serial_number: padded }), 400, TAKEN);
    });

    it('lets exactly one of several concurrent requests give a serial number to a unit of the part', async () => {
      const stock = await stockSetting(target);
      const created = unique('SN');
      const creates = await Promise.all(Array.from({ length: 6 }, () => createReply(stock, { serial_number: created })));
      expect(creates.filter((reply) => reply.status === 200)).toHaveLength(1);
      for (const lost of creates.filter((reply) => reply.status !== 200)) expectErrors(lost, 400, TAKEN);
      expect(await unitsWithSerial(stock, created)).toHaveLength(1);
      // Updates lock only their own unit, so here only the unique key stands between them.
      const units = [];
      for (let i = 0; i < 4; i++) units.push(idOf(await addUnit(stock, { quantity: '1' })));
      const updated = unique('SN');
      const updates = await Promise.all(units.map((id) => put(target, unitPath(stock.partId, id), { body: unitXml({ serial_number: updated }) })));
      expect(updates.filter((reply) => reply.status === 200)).toHaveLength(1);
      for (const lost of updates.filter((reply) => reply.status !== 200)) expectErrors(lost, 400, TAKEN);
      expect(await unitsWithSerial(stock, updated)).toHaveLength(1);
    });
  });

  describe('stock is counted in its part’s unit of measure, or one that converts to it', () => {
    it('refuses a unit of measure with no conversion to the part’s (400), changing nothing; a conversion either way lets it in', async () => {
      const stock = await stockSetting(target);
      const kept = idOf(await addUnit(stock));
      const meter = await stock.addMeasure();
      const before = await snapshot(stock, [kept]);
      const refusal = [`Unit must be the part's unit or convert to it: ${meter.name} has no conversion to ${stock.measure.name}`];
      expectErrors(await createReply(stock, { unit_id: meter.id, quantity: '2.5' }), 400, refusal);
      await expectUnchanged(stock, before);
      // A conversion between two other units does not count.
      await stock.addConversion(meter.id, stock.whole.id, '3');
      expectErrors(await createReply(stock, { unit_id: meter.id, quantity: '2.5' }), 400, refusal);
      await expectUnchanged(stock, before);
      // One from the part's unit to it does (a factor divides as well as it multiplies).
      await stock.addConversion(stock.measure.id, meter.id, '100');
      expect(expectUnit(await createReply(stock, { unit_id: meter.id, quantity: '2.5' }))).toMatchObject({ unit: meter.name, quantity: '2.5' });
    });

    it('refuses a purchase order line received in a unit with no conversion, naming its place; the file brings nothing in', async () => {
      const p = await purchasingSetting(target);
      const meter = await createUnit(target);
      const number = `${p.day(0)}-meters`;
      const received = (unitId: number) => itemXml({ part_id: p.partId, unit_id: unitId, quantity: '10', price: '0.5', received_quantity: '10', inventory_sublocation_id: p.dock });
      const file = ordersFile([orderXml(p, { number, created_on: `${p.day(1)} 10:00:00 +0000` }, [received(p.unitId), received(idOf(meter))])]);
      const listed = await get(target, '/purchase_orders', { query: `start_date=${p.day(0)}&end_date=${p.day(29)}` });
      expect(listed.status).toBe(200);
      expect(await importOrders(target, file)).toEqual({
        ok: false,
        problems: [`purchase_order 1 (${number}), purchase_item 2: Unit must be the part's unit or convert to it: ${meter.name as string} has no conversion to ${await unitName(p.unitId)}`],
      });
      expect((await get(target, '/purchase_orders', { query: `start_date=${p.day(0)}&end_date=${p.day(29)}` })).text).toBe(listed.text);
      expect(await listingOf(target, p.partId)).toEqual([]);
    });
  });

  describe('a bin only where the sublocation has bins', () => {
    it('refuses a bin on create, move and split to a sublocation without bins (400), changing nothing; without the bin they are done', async () => {
      const stock = await stockSetting(target);
      const { shelf: floor } = await stock.addPlainLocation({ bins: false });
      const id = idOf(await addUnit(stock, { quantity: '10', sublocation_bin: 'A1' }));
      const before = await snapshot(stock, [id]);
      const refusal = [`Sublocation bin must be blank: ${floor.name} has no bins`];
      expectErrors(await createReply(stock, { inventory_sublocation_id: floor.id, sublocation_bin: 'F1' }), 400, refusal);
      await expectUnchanged(stock, before);
      expectErrors(await put(target, unitPath(stock.partId, id, 'move'), { body: unitXml({ inventory_sublocation_id: floor.id, sublocation_bin: 'F1' }) }), 400, refusal);
      await expectUnchanged(stock, before);
      const split = (bin?: string) =>
        post(target, unitPath(stock.partId, id, 'split'), { body: unitXml({ inventory_sublocation_id: floor.id, quantity: '4', ...(bin ? { sublocation_bin: bin } : {}) }) });
      expectErrors(await split('F1'), 400, refusal);
      await expectUnchanged(stock, before);

      expect(expectUnit(await createReply(stock, { inventory_sublocation_id: floor.id }))).toMatchObject({ sublocation_bin: null });
      expect((await split()).status).toBe(200);
      const moved = expectUnit(await put(target, unitPath(stock.partId, id, 'move'), { body: unitXml({ inventory_sublocation_id: floor.id }) }));
      expect(moved).toMatchObject({ sublocation_bin: null, quantity: '6.0' });
    });
  });

  describe('what the rules rest on stays while stock relies on it', () => {
    it('refuses turning a sublocation’s bins off while units are kept in them (422), changing nothing', async () => {
      const stock = await stockSetting(target);
      const shelf = stock.shelves[0];
      const [a, b] = [idOf(await addUnit(stock, { sublocation_bin: 'A1' })), idOf(await addUnit(stock, { sublocation_bin: 'A2' }))];
      const before = await snapshot(stock, [a, b]);
      const shown = await get(target, `/inventory_sublocation/${shelf.id}`);
      const off = await put(target, `/inventory_sublocation/${shelf.id}`, { body: '<inventory_sublocation><has_bins>false</has_bins></inventory_sublocation>' });
      expectErrors(off, 422, [`Has bins can't be turned off: inventory units ${a}, ${b} are kept in bins here`]);
      expect((await get(target, `/inventory_sublocation/${shelf.id}`)).text).toBe(shown.text);
      await expectUnchanged(stock, before);
    });

    it('refuses deleting the conversion stock is counted through (422), changing nothing', async () => {
      const stock = await stockSetting(target);
      const conversion = (await conversionsOf(stock, stock.whole.id))[0]!;
      const counted = idOf(await addUnit(stock, { unit_id: stock.whole.id, quantity: '3' }));
      const before = await snapshot(stock, [counted]);
      expectErrors(await del(target, `/unit_conversion/${idOf(conversion)}`), 422, [
        `Cannot delete the conversion from ${stock.whole.name} to ${stock.measure.name}: inventory units ${counted} are counted through it`,
      ]);
      expect(await conversionsOf(stock, stock.whole.id)).toEqual([conversion]);
      await expectUnchanged(stock, before);
    });

    it('refuses changing a part’s unit of measure to one its stock does not convert to (422), changing nothing', async () => {
      const stock = await stockSetting(target);
      const inPart = idOf(await addUnit(stock));
      const inWhole = idOf(await addUnit(stock, { unit_id: stock.whole.id, quantity: '2' }));
      const other = await stock.addMeasure();
      const before = await snapshot(stock, [inPart, inWhole]);
      const part = await readPart(target, stock.partId);
      const change = await put(target, `/part/${stock.partId}`, { body: `<part><unit_id>${other.id}</unit_id></part>` });
      expectErrors(change, 422, [`Unit can't be changed to ${other.name}: inventory units ${inPart}, ${inWhole} are counted in a unit with no conversion to it`]);
      expect(await readPart(target, stock.partId)).toEqual(part);
      await expectUnchanged(stock, before);
      // To the whole unit it is done: the part's old unit converts to it, the rest is counted in it.
      const changed = await put(target, `/part/${stock.partId}`, { body: `<part><unit_id>${stock.whole.id}</unit_id></part>` });
      expect(changed.status, changed.text).toBe(200);
      expect((await showUnit(target, stock.partId, inPart)).unit).toBe(stock.measure.name);
    });
  });

  /** A unit of measure's name, read through the API. */
  async function unitName(id: number): Promise<string> {
    return expectRecord(await get(target, `/unit/${id}`), 'unit', forms.unitShow).name as string;
  }

  /** The conversions a unit of measure lists. */
  async function conversionsOf(stock: Stock, id: number): Promise<Rec[]> {
    const unit = expectRecord(await get(stock.target, `/unit/${id}`), 'unit', forms.unitShow);
    const list = unit.unit_conversions;
    return (Array.isArray(list) ? list : []) as Rec[];
  }
});
