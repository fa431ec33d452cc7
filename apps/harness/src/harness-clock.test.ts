import { describe, expect, it } from 'vitest';
import { createHarnessClock } from './harness-clock';

describe('createHarnessClock', () => {
  it('starts at 2025-01-01 and advances one second per reading', () => {
    const clock = createHarnessClock();
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:01.000Z');
    expect(clock.peek().toISOString()).toBe('2025-01-01T00:00:02.000Z');
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:02.000Z');
  });

  it('can be set and reset', () => {
    const clock = createHarnessClock();
    clock.set(new Date('2030-06-01T12:00:00Z'));
    expect(clock.now().toISOString()).toBe('2030-06-01T12:00:00.000Z');
    clock.reset();
    expect(clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });
});
