/**
 * Where the slices of the wheel are (pure: no canvas, no DOM).
 *
 * Angles are in degrees, clockwise, with 0 at the top, where the pointer is. The wheel's
 * `rotation` is how far it has turned clockwise from its rest position, in which slice 0 starts
 * at the top and the slices follow clockwise in the server's order (contract SpinSlice).
 */

/** The angle each of `count` slices takes. */
export const sliceAngle = (count: number) => 360 / count;

/** `angle` brought into [0, 360). */
export function normalize(angle: number): number {
  const turned = angle % 360;
  return turned < 0 ? turned + 360 : turned;
}

/**
 * The rotation (in [0, 360)) at which slice `index` of `count` is centred under the pointer:
 * its centre sits at (index + ½)·w clockwise from the top at rest, so the wheel must turn by
 * minus that.
 */
export function restingRotation(index: number, count: number): number {
  return normalize(-(index + 0.5) * sliceAngle(count));
}

/** Where the pointer falls on the wheel turned by `rotation`: clockwise from slice 0's start. */
export const pointerOnWheel = (rotation: number) => normalize(-rotation);

/** The index of the slice under the pointer when the wheel has turned by `rotation`. */
export function sliceUnderPointer(rotation: number, count: number): number {
  return Math.floor(pointerOnWheel(rotation) / sliceAngle(count)) % count;
}

/**
 * How far (degrees, signed) the pointer is from the centre of the slice under it; 0 when the
 * slice is centred.
 */
export function offsetFromSliceCentre(rotation: number, count: number): number {
  const w = sliceAngle(count);
  const onWheel = pointerOnWheel(rotation);
  return onWheel - (sliceUnderPointer(rotation, count) + 0.5) * w;
}

/** Canvas angle (radians, 0 at 3 o'clock, clockwise) of a wheel angle (degrees, 0 at the top). */
export const toCanvasRadians = (degrees: number) => ((degrees - 90) * Math.PI) / 180;

/** The wheel's size in CSS pixels: at most 350 px and 85 % of the window's width (spec section 9). */
export const WHEEL_MAX_PX = 350;
export const WHEEL_WINDOW_FRACTION = 0.85;
export function wheelSize(windowWidth: number): number {
  return Math.floor(Math.min(WHEEL_MAX_PX, windowWidth * WHEEL_WINDOW_FRACTION));
}
