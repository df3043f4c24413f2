import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, onIdle, resetFirstScreen } from './idle';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetFirstScreen();
});

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

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

describe('afterFirstScreen', () => {
  it('is at once once the page has loaded (every later screen)', async () => {
    expect(document.readyState).toBe('complete');
    expect(await settled(afterFirstScreen())).toBe(true);
  });

  it("waits for the page's load and an idle moment after it, one wait for every ask", async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const first = afterFirstScreen();
    expect(afterFirstScreen()).toBe(first);
    expect(await settled(first)).toBe(false);
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(await settled(first)).toBe(false);
    idle[0]!();
    expect(await settled(first)).toBe(true);
  });

  it('holds nothing back longer than its cap when the page never finishes loading', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const waiting = afterFirstScreen(3000);
    vi.advanceTimersByTime(2999);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });
});
