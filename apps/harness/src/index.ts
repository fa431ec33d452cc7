export { startHarness, type Harness, type HarnessOptions } from './start-harness';
export { HARNESS_TOKEN } from './harness-state';
export { HARNESS_EPOCH } from './harness-clock';
export { reference, type ReferenceData } from './fixtures/reference';
