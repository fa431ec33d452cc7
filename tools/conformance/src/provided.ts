import type { Target } from './targets';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Every target the global setup started, in the order they run. */
    targets: Target[];
  }
}
