import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serial-queue';

describe('createSerialQueue', () => {
  it('runs one task at a time, in call order, past failures', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const task = (name: string, fail = false) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([queue(task('a')), queue(task('b', true)), queue(task('c'))]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('counts the tasks waiting their turn, not the one running', async () => {
    const queue = createSerialQueue();
    const seen: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = queue(async () => {
      seen.push(queue.waiting());
      await gate;
    });
    const later = [queue(async () => seen.push(queue.waiting())), queue(() => Promise.reject(new Error('x')))];
    expect(queue.waiting()).toBe(3);
    await Promise.resolve();
    await Promise.resolve();
    expect(queue.waiting()).toBe(2);
    release();
    await Promise.allSettled([first, ...later]);
    expect(seen).toEqual([2, 1]);
    expect(queue.waiting()).toBe(0);
  });
});
