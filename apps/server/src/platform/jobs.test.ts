import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobRunner } from './jobs';

const quiet = { error: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  quiet.error.mockReset();
});

describe('the job runner', () => {
  it('runs each job on its own interval, never overlapping itself, and 0 never', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const slow = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const quick = vi.fn(async () => {});
    const never = vi.fn(async () => {});
    const jobs = createJobRunner(
      [
        { name: 'slow', intervalMs: 100, run: slow },
        { name: 'quick', intervalMs: 250, run: quick },
        { name: 'never', intervalMs: 0, run: never },
      ],
      quiet,
    );
    jobs.start();
    await vi.advanceTimersByTimeAsync(550);
    // The slow job's first run is still going: its later ticks are skipped, not stacked.
    expect(slow).toHaveBeenCalledTimes(1);
    expect(quick).toHaveBeenCalledTimes(2);
    expect(never).not.toHaveBeenCalled();
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(slow).toHaveBeenCalledTimes(2);
    release();
    await jobs.stop();
  });

  it('runs a start-up pass even at interval 0, logs failures and goes on', async () => {
    vi.useFakeTimers();
    const atStart = vi.fn(async () => {});
    let calls = 0;
    const failing = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('provider down');
    });
    const jobs = createJobRunner(
      [
        { name: 'reconciliation', intervalMs: 0, run: async () => {}, atStart },
        { name: 'bonus schedule', intervalMs: 100, run: failing },
      ],
      quiet,
    );
    jobs.start();
    await vi.advanceTimersByTimeAsync(250);
    expect(atStart).toHaveBeenCalledTimes(1);
    expect(failing).toHaveBeenCalledTimes(2);
    expect(quiet.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'bonus schedule' }),
      'bonus schedule failed',
    );
    await jobs.stop();
  });

  it('on stop: no more runs, the run in progress sees stopping() and is awaited', async () => {
    vi.useFakeTimers();
    let seenStopping = false;
    let finished = false;
    const jobs = createJobRunner(
      [
        {
          name: 'rewards schedule',
          intervalMs: 100,
          run: async (stopping) => {
            while (!stopping()) await new Promise((resolve) => setTimeout(resolve, 10));
            seenStopping = true;
            finished = true;
          },
        },
      ],
      quiet,
    );
    jobs.start();
    await vi.advanceTimersByTimeAsync(150);
    const stopped = jobs.stop();
    await vi.advanceTimersByTimeAsync(20);
    await stopped;
    expect(seenStopping).toBe(true);
    expect(finished).toBe(true);
    jobs.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(quiet.error).not.toHaveBeenCalled();
  });
});
