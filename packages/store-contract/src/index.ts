export { runStoreContract } from './run-store-contract';
export type { ContractOptions, StoreCapabilities } from './contract-options';
export { runBlobContract, type BlobContractOptions, type BlobContractStore } from './blob-contract';
