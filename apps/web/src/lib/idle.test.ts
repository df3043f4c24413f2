import { afterEach, describe, expect, it, vi } from 'vitest';
import { onIdle } from './idle';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('onIdle', () => {
  it('runs at the first idle moment, within its timeout, and can be cancelled', () => {
    const asked: Array<{ run: () => void; timeout?: number }> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => asked.push({ run, timeout: options?.timeout }));
    const cancel = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancel);
    const callback = vi.fn();
    const stop = onIdle(callback, 500);
    expect(asked[0]?.timeout).toBe(500);
    expect(callback).not.toHaveBeenCalled();
    asked[0]!.run();
    expect(callback).toHaveBeenCalledOnce();
    stop();
    expect(cancel).toHaveBeenCalledWith(1);
  });

  it('falls back to a timer where the browser has no idle callbacks (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    onIdle(callback, 500, 200);
    vi.advanceTimersByTime(199);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    onIdle(cancelled, 500, 200)();
    vi.advanceTimersByTime(500);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
