import { normalize, restingRotation } from './wheel-geometry';

/**
 * How the wheel turns to the slice the server drew (spec section 9): pure arithmetic, so a unit
 * test can prove the landing for every slice. The server has already chosen; nothing here picks
 * a prize, the randomness below only varies the show.
 */

/** Spec section 9: "friction 0.991": the wheel keeps 99.1 % of its speed from one frame to the next. */
export const FRICTION = 0.991;
/** One frame at 60 frames a second: the unit the friction is given in. */
export const FRAME_MS = 1000 / 60;
/** Spec section 9: "3-4 full extra turns" before the wheel settles. */
export const EXTRA_TURNS = [3, 4] as const;
/** Spec section 9: "duration random around 4-5 s, scaled". */
export const DURATION_MS = { min: 4_000, max: 5_000 } as const;
/** Members who prefer reduced motion: no extra turns, at most this long. */
export const REDUCED_MAX_MS = 600;

export interface SpinPlan {
  /** The wheel's rotation when the spin starts (degrees, clockwise). */
  from: number;
  /** Its rotation when it stops: the drawn slice centred under the pointer. */
  to: number;
  /** Whole turns on top of the way to the slice. */
  extraTurns: number;
  durationMs: number;
}

export interface PlanOptions {
  /** The rotation the wheel rests at now. */
  from: number;
  /** The drawn slice's index in the wheel's slices, and how many slices there are. */
  index: number;
  count: number;
  /** [0, 1), as Math.random; injected by tests. */
  random?: () => number;
  reducedMotion?: boolean;
}

/**
 * Where and how long to turn. The wheel always turns clockwise, first `extraTurns` whole turns
 * (3 or 4 at random) and then on to the drawn slice's centre. The duration is "4-5 s, scaled":
 * scaled by the distance, from 4 s for the shortest possible travel (3 turns) to 5 s for the
 * longest (4 turns and almost one more), so every spin seems to run at one speed, and it is
 * random because the extra turns are.
 */
export function planSpin({
  from,
  index,
  count,
  random = Math.random,
  reducedMotion = false,
}: PlanOptions): SpinPlan {
  const toSlice = normalize(restingRotation(index, count) - from);
  if (reducedMotion) {
    // Straight to the slice, briefly: still a movement that lands, never a whirl.
    const durationMs = toSlice === 0 ? 0 : Math.round(250 + ((REDUCED_MAX_MS - 250) * toSlice) / 360);
    return { from, to: from + toSlice, extraTurns: 0, durationMs };
  }
  const extraTurns = random() < 0.5 ? EXTRA_TURNS[0] : EXTRA_TURNS[1];
  const travel = extraTurns * 360 + toSlice;
  const shortest = EXTRA_TURNS[0] * 360;
  const longest = (EXTRA_TURNS[1] + 1) * 360;
  const durationMs =
    DURATION_MS.min + ((DURATION_MS.max - DURATION_MS.min) * (travel - shortest)) / (longest - shortest);
  return { from, to: from + travel, extraTurns, durationMs };
}

/**
 * The share of the travel done after `elapsedMs`, from 0 to exactly 1 at `durationMs`.
 *
 * The easing is the friction itself. A wheel spun at speed v0 and slowed by friction f each frame
 * turns by v0·f^n in frame n; on its own it would never quite stop, and it would stop wherever
 * v0 took it. So the speed here is v0·(f^n − f^N), N being the frames of the spin: the same
 * decay by f = 0.991 a frame, less the constant remainder f^N, so the speed reaches exactly 0 at
 * frame N (no jolt). Integrated over continuous frames n = elapsed / (1/60 s), with k = −ln f:
 *   P(n) = (1 − f^n) / k − n·f^N,
 * and v0 is the value that makes the whole travel land on the slice: the share is P(n) / P(N).
 * (Frame by frame, each frame's step plus f^N·v0 is 0.991 times the previous one's, which the
 * unit test checks.)
 */
export function spinProgress(elapsedMs: number, durationMs: number): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return 1;
  if (elapsedMs <= 0) return 0;
  const k = -Math.log(FRICTION);
  const frames = durationMs / FRAME_MS;
  const rest = FRICTION ** frames;
  const travelled = (n: number) => (1 - FRICTION ** n) / k - n * rest;
  return travelled(elapsedMs / FRAME_MS) / travelled(frames);
}

/** The wheel's rotation `elapsedMs` into `plan`; exactly `plan.to` once it is over. */
export function rotationAt(plan: SpinPlan, elapsedMs: number): number {
  if (elapsedMs >= plan.durationMs) return plan.to;
  return plan.from + (plan.to - plan.from) * spinProgress(elapsedMs, plan.durationMs);
}
