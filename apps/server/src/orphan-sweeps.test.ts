import { pino } from 'pino';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SweepResult } from '@pips/domain';
import { startOrphanSweeps } from './orphan-sweeps';

/** A logger whose lines the test reads. */
function recording() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, sink), lines };
}

/** A sweep the test finishes by hand. */
function manualSweep() {
  const pending: Array<(result: SweepResult) => void> = [];
  return {
    sweep: vi.fn(() => new Promise<SweepResult>((resolve) => pending.push(resolve))),
    finish: (result: SweepResult = { files: 0, bytes: 0 }) => pending.shift()?.(result),
    waiting: () => pending.length,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startOrphanSweeps', () => {
  it('sweeps at once and then every turn, one sweep at a time, logging what each removed', async () => {
    vi.useFakeTimers();
    const { logger, lines } = recording();
    const manual = manualSweep();
    const sweeps = startOrphanSweeps({ sweep: manual.sweep, everyMs: 1000, logger });
    expect(manual.sweep).toHaveBeenCalledTimes(1);
    // A turn that comes while a sweep still runs starts none.
    await vi.advanceTimersByTimeAsync(1000);
    expect(manual.sweep).toHaveBeenCalledTimes(1);
    manual.finish({ files: 2, bytes: 300 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(manual.sweep).toHaveBeenCalledTimes(2);
    manual.finish();
    await vi.waitFor(() => expect(lines).toHaveLength(2));
    expect(lines.map((line) => [line.level, line.msg, line.files, line.bytes])).toEqual([
      [30, 'swept 2 attachment files no attachment names (300 bytes)', 2, 300],
      [20, 'swept 0 attachment files no attachment names (0 bytes)', 0, 0],
    ]);
    await sweeps.stop();
  });

  it('logs a sweep that fails and tries again at the next turn', async () => {
    vi.useFakeTimers();
    const { logger, lines } = recording();
    const sweep = vi.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValue({ files: 1, bytes: 5 });
    const sweeps = startOrphanSweeps({ sweep, everyMs: 1000, logger });
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toMatchObject({ level: 40, msg: 'sweeping attachment files no attachment names failed; the next sweep tries again', err: { message: 'database gone' } });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(lines).toHaveLength(2));
    expect(lines[1]).toMatchObject({ level: 30, files: 1, bytes: 5 });
    await sweeps.stop();
  });

  it('stops: waits for the sweep in progress, so the store may close after it, and starts no other', async () => {
    vi.useFakeTimers();
    const manual = manualSweep();
    const sweeps = startOrphanSweeps({ sweep: manual.sweep, everyMs: 1000, logger: pino({ level: 'silent' }) });
    let stopped = false;
    const stopping = sweeps.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);
    manual.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(manual.sweep).toHaveBeenCalledTimes(1);
  });

  it('keeps no process alive: its timer is not among what holds the event loop', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    const sweeps = startOrphanSweeps({ sweep: async () => ({ files: 0, bytes: 0 }), everyMs: 3_600_000, logger: pino({ level: 'silent' }) });
    expect(timers()).toBe(before);
    await sweeps.stop();
  });
});
