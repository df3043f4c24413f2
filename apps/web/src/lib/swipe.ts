/** docs/product.md §9: a vertical swipe of more than 60 px moves to the next or previous quicky. */
export const SWIPE_THRESHOLD_PX = 60;

export type Step = 'next' | 'previous';

/** 'next' for a swipe up, 'previous' for a swipe down, null for anything shorter than the threshold. */
export function swipeDirection(startY: number, endY: number): Step | null {
  const delta = endY - startY;
  if (delta < -SWIPE_THRESHOLD_PX) return 'next';
  if (delta > SWIPE_THRESHOLD_PX) return 'previous';
  return null;
}

/**
 * A wheel turn moves one item: small deltas (a trackpad settling) are ignored, and a step is taken at
 * most once per pause so one flick of a trackpad, which fires dozens of events, moves one item.
 */
export const WHEEL_MIN_DELTA = 24;
export const WHEEL_PAUSE_MS = 450;

export function wheelStep(deltaY: number, now: number, lastStepAt: number): Step | null {
  if (Math.abs(deltaY) < WHEEL_MIN_DELTA || now - lastStepAt < WHEEL_PAUSE_MS) return null;
  return deltaY > 0 ? 'next' : 'previous';
}

/** Arrow keys and page keys move through the player. */
export function keyStep(key: string): Step | null {
  if (key === 'ArrowDown' || key === 'PageDown' || key === 'j') return 'next';
  if (key === 'ArrowUp' || key === 'PageUp' || key === 'k') return 'previous';
  return null;
}

/** Two taps within 300 ms and 40 px of each other are a double tap (the like gesture). */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_SLOP_PX = 40;

export interface Tap {
  at: number;
  x: number;
  y: number;
}

export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  if (!previous) return false;
  return tap.at - previous.at <= DOUBLE_TAP_MS && Math.hypot(tap.x - previous.x, tap.y - previous.y) <= DOUBLE_TAP_SLOP_PX;
}
