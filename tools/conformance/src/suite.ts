import { inject } from 'vitest';
import type { Target } from './targets';
import './provided';

/** The targets the global setup started; each test file runs `describe.each(targets())`. */
export function targets(): Target[] {
  const list = inject('targets');
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error('no conformance target was started: run through tools/conformance/vitest.config.ts');
  }
  return list;
}
