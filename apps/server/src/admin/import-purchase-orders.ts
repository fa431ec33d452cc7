import { importPurchaseOrders, parsePurchaseOrderImport, isPipsError } from '@pips/domain';
import { CodecError, parseXml } from '@pips/xml';
import { AdminFailure, type AdminOperation } from './admin-operation';
import { readText } from './read-text';

/** An import file is read whole (it is one transaction): bounded well above any real order book. */
const MAX_IMPORT_BYTES = 64 * 1_048_576;
const IMPORT_LIMITS = { maxBytes: MAX_IMPORT_BYTES, maxElements: 5_000_000, maxDepth: 32 };

function parseFile(text: string): unknown {
  try {
    const parsed = parseXml(text, IMPORT_LIMITS);
    const [root] = Object.keys(parsed);
    if (root !== 'purchase_orders') throw new AdminFailure([`error: the file's root is <${root ?? ''}>; an import holds <purchase_orders type="array">`]);
    return parsed.purchase_orders;
  } catch (error) {
    if (error instanceof CodecError) throw new AdminFailure([`error: the file is not XML the import reads: ${error.message}`]);
    throw error;
  }
}

/**
 * `pips import purchase-orders FILE`: every order of the file, or none (DESIGN 4: purchase orders
 * come in by import). Each problem is printed on its own line with its place in the file.
 */
export const importPurchaseOrdersOperation: AdminOperation = {
  name: 'import-purchase-orders',
  async run({ ctx }, _args, input) {
    const raw = parseFile(await readText(input, MAX_IMPORT_BYTES, 'the file'));
    try {
      const summary = await importPurchaseOrders(ctx, parsePurchaseOrderImport(raw));
      const orders = summary.orders.length;
      return { out: `imported ${orders} purchase order${orders === 1 ? '' : 's'} (${summary.items} items, ${summary.received} received into stock)\n` };
    } catch (error) {
      if (isPipsError(error) && error.code === 'invalid') throw new AdminFailure(error.messages.map((message) => `error: ${message}`));
      throw error;
    }
  },
};
