import type { AdminOperation } from './admin-operation';

/** Every operation the CLI may run inside a running server, by name. */
export const adminOperations: ReadonlyMap<string, AdminOperation> = new Map<string, AdminOperation>(
  ([] as AdminOperation[]).map((operation) => [operation.name, operation]),
);
