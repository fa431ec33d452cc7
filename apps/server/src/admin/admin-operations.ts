import type { AdminOperation } from './admin-operation';
import { attachOperation } from './attach';
import { backupOperation } from './backup';
import { dbVacuumOperation } from './db-vacuum';
import { detachOperation } from './detach';
import { importPurchaseOrdersOperation } from './import-purchase-orders';
import { linksRotateKeyOperation } from './links-rotate-key';
import { tokenCreateOperation } from './token-create';
import { tokenListOperation } from './token-list';
import { tokenRevokeOperation } from './token-revoke';
import { tokenUpdateOperation } from './token-update';
import { webhookAddOperation } from './webhook-add';
import { webhookListOperation } from './webhook-list';
import { webhookRemoveOperation, webhookResumeOperation } from './webhook-remove';

/** Every operation the CLI may run inside a running server, by name. */
export const adminOperations: ReadonlyMap<string, AdminOperation> = new Map<string, AdminOperation>(
  [importPurchaseOrdersOperation, attachOperation, detachOperation, tokenCreateOperation, tokenListOperation, tokenRevokeOperation, tokenUpdateOperation, linksRotateKeyOperation, backupOperation, dbVacuumOperation, webhookAddOperation, webhookListOperation, webhookRemoveOperation, webhookResumeOperation].map((operation) => [
    operation.name,
    operation,
  ]),
);
