import type { Send } from './measure';
import { TOKEN } from './server';
import type { Stock } from './inventory-seed';
import type { InventoryName } from './targets';

/** One inventory write measured on PIPS and its floor: how each request is made. */
export interface InventoryTarget {
  name: InventoryName;
  label: string;
  /** The path of the first request (each request's own comes from `send.path`). */
  path: string;
  send: Send;
}

/**
 * Adjust and split, on one unit (every client waits on the same lock) and spread over the other
 * units, round robin. Each adjust sets a new quantity, so every request changes the row.
 */
export function inventoryTargets(stock: Stock, spread: number): InventoryTarget[] {
  const base = `/api/v2/${TOKEN}/parts/${stock.partId}/inventory_units`;
  const one = stock.unitIds[0]!;
  const many = stock.unitIds.slice(1, spread + 1);
  let n = 0;
  const quantity = () => `<inventory_unit><quantity>${500_000_000_000 + (n++ % 1_000_000)}</quantity></inventory_unit>`;
  const split = () => `<inventory_unit><inventory_sublocation_id>${stock.sublocationId}</inventory_sublocation_id><quantity>1</quantity></inventory_unit>`;
  const roundRobin = (action: string) => {
    let i = 0;
    return () => `${base}/${many[i++ % many.length]}/${action}`;
  };
  return [
    { name: 'adjust, one unit', label: 'adjust, one unit', path: `${base}/${one}/adjust_quantity`, send: { method: 'PUT', body: quantity } },
    { name: 'adjust, spread', label: `adjust, ${many.length} units`, path: `${base}/${many[0]}/adjust_quantity`, send: { method: 'PUT', body: quantity, path: roundRobin('adjust_quantity') } },
    { name: 'split, one unit', label: 'split, one unit', path: `${base}/${one}/split`, send: { body: split } },
    { name: 'split, spread', label: `split, ${many.length} units`, path: `${base}/${many[0]}/split`, send: { body: split, path: roundRobin('split') } },
  ];
}

/** A document with what must differ between two servers' answers (ids, times, quantities) masked. */
export const maskInventory = (body: string): string =>
  body
    .replace(/<(id|quantity|quantity_available)>[^<]*<\/\1>/g, '<$1>…</$1>')
    .replace(/<(created_at|updated_at)>[^<]*<\/\1>/g, '<$1>…</$1>');
