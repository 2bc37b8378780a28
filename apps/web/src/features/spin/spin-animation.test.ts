import { describe, expect, it } from 'vitest';
import {
  DURATION_MS,
  FRAME_MS,
  FRICTION,
  planSpin,
  REDUCED_MAX_MS,
  rotationAt,
  spinProgress,
} from './spin-animation';
import { normalize, offsetFromSliceCentre, restingRotation, sliceUnderPointer } from './wheel-geometry';

/** Where the wheel may rest before a spin: at rest, after earlier spins, on a slice's edge. */
const STARTS = [0, 17.3, 180, 359.999, 720 + 45, 22.5, -90];
/** Both extra-turn choices, and the ends of Math.random's range. */
const RANDOMS = [0, 0.3, 0.5, 0.999];

describe.each([8, 7, 3])('a %i-slice wheel', (count) => {
  const slices = Array.from({ length: count }, (_, index) => index);

  it.each(slices)('lands with slice %i centred under the pointer, from any start', (index) => {
    for (const from of STARTS) {
      for (const random of RANDOMS) {
        const plan = planSpin({ from, index, count, random: () => random });
        expect(plan.from).toBe(from);
        // The last frame is exactly the plan's end.
        expect(rotationAt(plan, plan.durationMs)).toBe(plan.to);
        expect(rotationAt(plan, plan.durationMs + 500)).toBe(plan.to);
        expect(sliceUnderPointer(plan.to, count)).toBe(index);
        expect(Math.abs(offsetFromSliceCentre(plan.to, count))).toBeLessThan(1e-9);
        expect(normalize(plan.to)).toBeCloseTo(restingRotation(index, count), 9);
      }
    }
  });

  it.each(slices)('turns slice %i clockwise 3 or 4 whole turns more, in 4 to 5 seconds', (index) => {
    for (const from of STARTS) {
      for (const random of RANDOMS) {
        const plan = planSpin({ from, index, count, random: () => random });
        expect([3, 4]).toContain(plan.extraTurns);
        const travel = plan.to - plan.from;
        // The extra turns, then less than one more turn to the slice.
        expect(Math.floor(travel / 360)).toBe(plan.extraTurns);
        expect(plan.durationMs).toBeGreaterThanOrEqual(DURATION_MS.min);
        expect(plan.durationMs).toBeLessThanOrEqual(DURATION_MS.max);
      }
    }
  });

  it.each(slices)('reduced motion: slice %i reached without extra turns in at most 600 ms', (index) => {
    for (const from of STARTS) {
      const plan = planSpin({ from, index, count, reducedMotion: true, random: () => 0.9 });
      expect(plan.extraTurns).toBe(0);
      expect(plan.to - plan.from).toBeGreaterThanOrEqual(0);
      expect(plan.to - plan.from).toBeLessThan(360);
      expect(plan.durationMs).toBeLessThanOrEqual(REDUCED_MAX_MS);
      expect(rotationAt(plan, plan.durationMs)).toBe(plan.to);
      expect(sliceUnderPointer(plan.to, count)).toBe(index);
      expect(Math.abs(offsetFromSliceCentre(plan.to, count))).toBeLessThan(1e-9);
    }
  });
});

describe('the friction easing', () => {
  const durations = [DURATION_MS.min, 4_500, DURATION_MS.max];

  it.each(durations)('starts at 0, ends at exactly 1 and never turns back (%i ms)', (duration) => {
    expect(spinProgress(0, duration)).toBe(0);
    expect(spinProgress(duration, duration)).toBe(1);
    let last = 0;
    for (let elapsed = 0; elapsed <= duration; elapsed += FRAME_MS / 4) {
      const progress = spinProgress(elapsed, duration);
      expect(progress).toBeGreaterThanOrEqual(last);
      expect(progress).toBeLessThanOrEqual(1);
      last = progress;
    }
  });

  it.each(durations)('slows by the friction 0.991 each frame, down to a standstill (%i ms)', (duration) => {
    const frames = Math.round(duration / FRAME_MS);
    const step = (n: number) =>
      spinProgress((n + 1) * FRAME_MS, duration) - spinProgress(n * FRAME_MS, duration);
    // The speed is v0·(f^n − f^N), so a frame's step is a·f^n − b: a and b from the first two frames.
    const a = (step(0) - step(1)) / (1 - FRICTION);
    const b = a - step(0);
    expect(b).toBeGreaterThan(0);
    for (const n of [2, 10, 100, frames - 20]) {
      expect((step(n + 1) + b) / (step(n) + b)).toBeCloseTo(FRICTION, 9);
    }
    // Fast at first, nearly still at the end: the last frame moves less than 0.2 % of the first.
    expect(step(frames - 1) / step(0)).toBeLessThan(0.002);
  });

  it('covers most of the way in the first half of the time, as a wheel slowing down does', () => {
    expect(spinProgress(2_250, 4_500)).toBeGreaterThan(0.7);
  });
});
