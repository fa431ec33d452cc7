export { runStoreContract } from './run-store-contract';
export type { ContractOptions } from './contract-options';
