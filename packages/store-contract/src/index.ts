export { runStoreContract } from './run-store-contract';
export type { ContractOptions, StoreCapabilities } from './contract-options';
