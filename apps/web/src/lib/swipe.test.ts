import { describe, expect, it } from 'vitest';
import { isDoubleTap, keyStep, swipeDirection, wheelStep, WHEEL_PAUSE_MS } from './swipe';

describe('swipeDirection (docs/product.md §9, 60 px)', () => {
  it('moves to the next item on a swipe up past the threshold and back on a swipe down', () => {
    expect(swipeDirection(500, 439)).toBe('next');
    expect(swipeDirection(300, 361)).toBe('previous');
  });

  it('ignores anything of 60 px or less', () => {
    expect(swipeDirection(500, 440)).toBeNull();
    expect(swipeDirection(300, 360)).toBeNull();
    expect(swipeDirection(300, 300)).toBeNull();
  });
});

describe('wheelStep', () => {
  it('steps by the sign of the turn', () => {
    expect(wheelStep(120, 10_000, 0)).toBe('next');
    expect(wheelStep(-120, 10_000, 0)).toBe('previous');
  });

  it('ignores the small deltas of a trackpad settling', () => {
    expect(wheelStep(8, 10_000, 0)).toBeNull();
  });

  it('takes one step per flick: events during the pause after a step are ignored', () => {
    expect(wheelStep(120, 10_000 + WHEEL_PAUSE_MS - 1, 10_000)).toBeNull();
    expect(wheelStep(120, 10_000 + WHEEL_PAUSE_MS, 10_000)).toBe('next');
  });
});

describe('keyStep', () => {
  it('maps arrow and page keys', () => {
    expect(keyStep('ArrowDown')).toBe('next');
    expect(keyStep('PageDown')).toBe('next');
    expect(keyStep('ArrowUp')).toBe('previous');
    expect(keyStep('PageUp')).toBe('previous');
    expect(keyStep('Enter')).toBeNull();
  });
});

describe('isDoubleTap', () => {
  const first = { at: 1_000, x: 100, y: 200 };

  it('is two taps close in time and place', () => {
    expect(isDoubleTap(first, { at: 1_250, x: 110, y: 210 })).toBe(true);
  });

  it('is not a first tap, a slow second tap or one far away', () => {
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { at: 1_400, x: 100, y: 200 })).toBe(false);
    expect(isDoubleTap(first, { at: 1_100, x: 200, y: 200 })).toBe(false);
  });
});
