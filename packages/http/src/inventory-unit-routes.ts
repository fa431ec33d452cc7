import {
  adjustInventoryQuantity,
  parseAdjust,
  createInventoryUnit,
  parseCreateUnit,
  listPartUnits,
  listUnitRecords,
  moveInventoryUnit,
  parseMove,
  searchInventoryUnits,
  showInventoryUnit,
  parseSplit,
  splitInventoryUnit,
  updateInventoryUnit,
  parseUpdateUnit,
} from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext, type AppContext } from './app-state';
import { setPagination } from './pagination-header';
import { partRef } from './part-ref';
import { pathId } from './path-id';
import { sendForm } from './reply';
import { inventoryRecordForm, inventoryUnitForm, listedUnitForm, searchedUnitForm } from './representations/inventory-unit';
import { resourceBody } from './resource-body';
import type { RouteTable } from './route-table';
import { oneBatch, sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';
import { inventoryOperations } from './openapi/operations/inventory';

const unitElement = compileElement('inventory_unit', inventoryUnitForm);
const listedUnitElement = compileElement('inventory_unit', listedUnitForm);
const recordElement = compileElement('inventory_record', inventoryRecordForm);
const searchedElement = compileElement('inventory_unit', searchedUnitForm);
const described = inventoryOperations({ unit: unitElement, listed: listedUnitElement, searched: searchedElement, record: recordElement });

const partId = (ctx: AppContext) => pathId('Part', ctx.params.part_id);
const unitId = (ctx: AppContext) => pathId('InventoryUnit', ctx.params.id);
/** The unit's fields, and `inventory_record` when sent beside them as bracket parameters. */
const unitBody = (ctx: AppContext, operation: 'create' | 'update') => resourceBody(ctx.state.params, 'inventory_unit', operation);
const recordBeside = (ctx: AppContext) => ctx.state.params.inventory_record;

/** SPEC 4.1: inventory units. Each needs "Can view inventory" (the domain checks). */
export function inventoryUnitRoutes(router: RouteTable, time: TimeFormat): void {
  router.get('/inventory_units/search', async (ctx) => {
    const { units, pagination } = await searchInventoryUnits(domainContext(ctx), ctx.state.params);
    setPagination(ctx, pagination);
    await sendXmlList(ctx, 'inventory_units', oneBatch(units), searchedElement, time);
  }, described.search);
  router.get('/parts/:part_id/inventory_units/:id', async (ctx) => {
    sendForm(ctx, unitElement, await showInventoryUnit(domainContext(ctx), partId(ctx), unitId(ctx)), time);
  }, described.show);
  router.put('/parts/:part_id/inventory_units/:id', async (ctx) => {
    const input = parseUpdateUnit({ partId: partId(ctx), unitId: unitId(ctx) }, unitBody(ctx, 'update'));
    const view = await updateInventoryUnit(domainContext(ctx), input);
    sendForm(ctx, unitElement, view, time);
  }, described.update);
  router.put('/parts/:part_id/inventory_units/:id/adjust_quantity', async (ctx) => {
    const input = parseAdjust({ partId: partId(ctx), unitId: unitId(ctx) }, unitBody(ctx, 'update'), recordBeside(ctx));
    const view = await adjustInventoryQuantity(domainContext(ctx), input);
    sendForm(ctx, unitElement, view, time);
  }, described.adjust);
  router.post('/parts/:part_id/inventory_units', async (ctx) => {
    const input = parseCreateUnit({ partId: partId(ctx) }, unitBody(ctx, 'create'), recordBeside(ctx));
    const view = await createInventoryUnit(domainContext(ctx), input);
    sendForm(ctx, unitElement, view, time);
  }, described.create);
  router.put('/parts/:part_id/inventory_units/:id/move', async (ctx) => {
    const input = parseMove({ partId: partId(ctx), unitId: unitId(ctx) }, unitBody(ctx, 'update'), recordBeside(ctx));
    const view = await moveInventoryUnit(domainContext(ctx), input);
    sendForm(ctx, unitElement, view, time);
  }, described.move);
  router.post('/parts/:part_id/inventory_units/:id/split', async (ctx) => {
    const input = parseSplit({ partId: partId(ctx), unitId: unitId(ctx) }, unitBody(ctx, 'update'), recordBeside(ctx));
    const views = await splitInventoryUnit(domainContext(ctx), input);
    await sendXmlList(ctx, 'inventory_units', oneBatch(views), unitElement, time);
  }, described.split);
  router.get('/part/:id/inventory_units', async (ctx) => {
    await sendXmlList(ctx, 'inventory_units', oneBatch(await listPartUnits(domainContext(ctx), partRef(ctx))), listedUnitElement, time);
  }, described.ofPart);
  router.get('/parts/:part_id/inventory_units/:id/inventory_records', async (ctx) => {
    const { records, pagination } = await listUnitRecords(domainContext(ctx), partId(ctx), unitId(ctx), ctx.state.params);
    setPagination(ctx, pagination);
    await sendXmlList(ctx, 'inventory_records', oneBatch(records), recordElement, time);
  }, described.records);
}
