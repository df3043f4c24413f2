import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, onIdle, resetFirstScreen, useAfterFirstScreen } from './idle';

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

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterFirstScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetFirstScreen();
  });

  it('is at once once the page has loaded and its first wait is over (every later screen)', async () => {
    expect(document.readyState).toBe('complete');
    // Asked first after the load: one idle moment, for what is being drawn.
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const first = afterFirstScreen();
    expect(await settled(first)).toBe(false);
    idle[0]!();
    expect(await settled(first)).toBe(true);
    expect(await settled(afterFirstScreen())).toBe(true);
    expect(idle).toHaveLength(1);
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

describe('useAfterFirstScreen', () => {
  afterEach(() => resetFirstScreen());

  it("is false while the page's first screen loads, and true from the idle moment after it", async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const { result } = renderHook(() => useAfterFirstScreen());
    expect(result.current).toBe(false);
    window.dispatchEvent(new Event('load'));
    await act(async () => undefined);
    expect(result.current).toBe(false);
    // (An earlier test's wait may still listen for the load: every idle moment comes.)
    act(() => idle.forEach((run) => run()));
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('starts afresh after a reset: a wait from before it ending later marks nothing done', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const old = afterFirstScreen(60_000);
    window.dispatchEvent(new Event('load'));
    resetFirstScreen();
    // The old wait ends now, after the reset.
    idle.splice(0).forEach((run) => run());
    expect(await settled(old)).toBe(true);
    const seen: boolean[] = [];
    renderHook(() => seen.push(useAfterFirstScreen()));
    expect(seen[0]).toBe(false);
  });

  it('turns each waiting component in a task of its own, so their renders are not one long task', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const first = renderHook(() => useAfterFirstScreen());
    const second = renderHook(() => useAfterFirstScreen());
    window.dispatchEvent(new Event('load'));
    await act(async () => idle.splice(0).forEach((run) => run()));
    // Not in the idle callback's task: one timer each, so each render is a task of its own.
    expect([first.result.current, second.result.current]).toEqual([false, false]);
    expect(vi.getTimerCount()).toBe(2);
    await act(async () => vi.runOnlyPendingTimers());
    expect([first.result.current, second.result.current]).toEqual([true, true]);
  });

  it('is true from the first render for what mounts after the wait is over', async () => {
    vi.stubGlobal('requestIdleCallback', (run: () => void) => run());
    await afterFirstScreen();
    await Promise.resolve();
    const seen: boolean[] = [];
    renderHook(() => seen.push(useAfterFirstScreen()));
    expect(seen[0]).toBe(true);
  });
});
