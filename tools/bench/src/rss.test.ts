import { describe, expect, it } from 'vitest';
import { peakDuring, residentBytes } from './rss';

describe('peakDuring', () => {
  it('sees memory taken and given back inside the work', async () => {
    const size = 64 * 1024 * 1024;
    const { result, idle, peak } = await peakDuring(process.pid, async () => {
      const block = Buffer.alloc(size, 1); // touched, so resident
      return block.length;
    });
    expect(result).toBe(size);
    expect(idle).toBeGreaterThan(0);
    expect(peak - idle).toBeGreaterThan(size * 0.9);
    expect(residentBytes(process.pid)).toBeGreaterThan(0);
  });
});
