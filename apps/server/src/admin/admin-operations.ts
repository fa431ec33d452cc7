import type { AdminOperation } from './admin-operation';
import { attachOperation } from './attach';
import { detachOperation } from './detach';
import { importPurchaseOrdersOperation } from './import-purchase-orders';

/** Every operation the CLI may run inside a running server, by name. */
export const adminOperations: ReadonlyMap<string, AdminOperation> = new Map<string, AdminOperation>(
  [importPurchaseOrdersOperation, attachOperation, detachOperation].map((operation) => [operation.name, operation]),
);
