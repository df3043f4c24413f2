import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completionMs, playedStep, useVideoView, viewThresholdMs } from './video-views';

describe('viewThresholdMs (a view counts after a real share of the video, decision 0023)', () => {
  it('is half of a video shorter than 6 s', () => {
    expect(viewThresholdMs(4_000)).toBe(2_000);
  });

  it('is 3 s of a longer one', () => {
    expect(viewThresholdMs(15_000)).toBe(3_000);
    expect(viewThresholdMs(60_000)).toBe(3_000);
  });

  it('is 3 s when the length is unknown', () => {
    expect(viewThresholdMs(null)).toBe(3_000);
    expect(viewThresholdMs(Number.NaN)).toBe(3_000);
    expect(viewThresholdMs(Number.POSITIVE_INFINITY)).toBe(3_000);
    expect(viewThresholdMs(0)).toBe(3_000);
  });
});

describe('completionMs', () => {
  it('is 90 % of the length, none when it is unknown', () => {
    expect(completionMs(10_000)).toBe(9_000);
    expect(completionMs(null)).toBeNull();
  });
});

describe('playedStep (time actually played between two readings)', () => {
  it('counts forward playback', () => {
    expect(playedStep(1_000, 1_250)).toBe(250);
  });

  it('counts nothing for the first reading, a seek forward or a loop starting over', () => {
    expect(playedStep(null, 1_250)).toBe(0);
    expect(playedStep(1_000, 9_000)).toBe(0);
    expect(playedStep(3_900, 100)).toBe(0);
  });
});

describe('useVideoView', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  function Video({ id }: { id: string }) {
    const ref = useRef<HTMLVideoElement>(null);
    useVideoView(ref, id);
    return <video ref={ref} data-testid="video" />;
  }

  /** Plays the element to `seconds`, as the browser reports it. */
  function playTo(video: HTMLVideoElement, seconds: number) {
    Object.defineProperty(video, 'currentTime', { configurable: true, value: seconds });
    fireEvent(video, new Event('timeupdate'));
  }

  const bodies = (fetch: { mock: { calls: unknown[][] } }) =>
    fetch.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit | undefined)?.body)) as unknown);

  it('marks the video seen when shown, then sends the view once, with the time watched, after half of a 4 s video has played', () => {
    localStorage.setItem('token', 'tok-1');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ success: true, views: 1 }), { status: 200 }));
    render(<Video id="p1" />);
    const video = screen.getByTestId('video') as HTMLVideoElement;
    Object.defineProperty(video, 'duration', { configurable: true, value: 4 });
    // On screen: seen (nothing played, so no view counts), for 'Para ti' to leave it out for a day.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/posts/p1/view');
    expect(bodies(fetch)).toEqual([{ watchedMs: 0 }]);
    for (const second of [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75]) playTo(video, second);
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const second of [2, 2.25, 2.5, 2.75]) playTo(video, second);
    expect(bodies(fetch)).toEqual([{ watchedMs: 0 }, { watchedMs: 2000 }]);
    // Watched to 90 %: a third call completes the view; later plays (the loop) send nothing more.
    for (const second of [3, 3.25, 3.5, 3.75, 0, 0.25, 0.5]) playTo(video, second);
    expect(bodies(fetch)).toEqual([{ watchedMs: 0 }, { watchedMs: 2000 }, { watchedMs: 3750 }]);
    for (const second of [0.75, 1, 1.25, 1.5]) playTo(video, second);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not count a seek to the end', () => {
    localStorage.setItem('token', 'tok-1');
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ success: true, views: 0 }), { status: 200 }));
    render(<Video id="p2" />);
    const video = screen.getByTestId('video') as HTMLVideoElement;
    Object.defineProperty(video, 'duration', { configurable: true, value: 4 });
    playTo(video, 0);
    playTo(video, 3.9);
    expect(bodies(fetch)).toEqual([{ watchedMs: 0 }]);
  });

  it('sends nothing for a guest', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    render(<Video id="p3" />);
    const video = screen.getByTestId('video') as HTMLVideoElement;
    for (let second = 0; second <= 5; second += 0.25) playTo(video, second);
    expect(fetch).not.toHaveBeenCalled();
  });
});
