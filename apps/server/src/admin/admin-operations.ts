import type { AdminOperation } from './admin-operation';
import { importPurchaseOrdersOperation } from './import-purchase-orders';

/** Every operation the CLI may run inside a running server, by name. */
export const adminOperations: ReadonlyMap<string, AdminOperation> = new Map<string, AdminOperation>(
  [importPurchaseOrdersOperation].map((operation) => [operation.name, operation]),
);
