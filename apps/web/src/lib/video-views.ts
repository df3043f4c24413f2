import { useEffect, useRef, type RefObject } from 'react';
import { api } from './api';
import { useSession } from './session';

/**
 * A view counts once the video has played a real share of its length (issue 16), not when it loads:
 * half of it, or 10 s of a long one; 3 s when the length is unknown.
 */
export const VIEW_SHARE = 0.5;
export const VIEW_CAP_MS = 10_000;
export const VIEW_UNKNOWN_LENGTH_MS = 3_000;

export function viewThresholdMs(durationMs: number | null | undefined): number {
  if (!durationMs || !Number.isFinite(durationMs) || durationMs <= 0) return VIEW_UNKNOWN_LENGTH_MS;
  return Math.min(durationMs * VIEW_SHARE, VIEW_CAP_MS);
}

/**
 * Time actually played, from successive `currentTime` readings: a forward step of up to 1.5 s is
 * playback; a jump (seek) or a step back (a loop starting over) adds nothing.
 */
export const MAX_PLAY_STEP_MS = 1_500;

export function playedStep(previousMs: number | null, currentMs: number): number {
  if (previousMs === null) return 0;
  const step = currentMs - previousMs;
  return step > 0 && step <= MAX_PLAY_STEP_MS ? step : 0;
}

/**
 * Sends POST /api/posts/{id}/view with { watchedMs } once the video in `video` has played past the
 * threshold, for signed-in viewers (guests do not count views, docs/product.md §10), at most once per
 * post while the screen is shown (`counted` lets the slides of one player share that memory).
 */
export function useVideoView(video: RefObject<HTMLVideoElement | null>, postId: string | null, counted?: Set<string>) {
  const { token } = useSession();
  const own = useRef(new Set<string>());
  const sent = { current: counted ?? own.current };
  useEffect(() => {
    const element = video.current;
    if (!element || !postId || !token || sent.current.has(postId)) return;
    let last: number | null = null;
    let played = 0;
    const onTime = () => {
      const now = element.currentTime * 1000;
      played += playedStep(last, now);
      last = now;
      const length = Number.isFinite(element.duration) ? element.duration * 1000 : null;
      if (played >= viewThresholdMs(length) && !sent.current.has(postId)) {
        sent.current.add(postId);
        void api('viewPost', { params: { id: postId }, body: { watchedMs: Math.round(played) } }).catch(() => undefined);
      }
    };
    const onSeek = () => {
      last = element.currentTime * 1000;
    };
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('seeked', onSeek);
    return () => {
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('seeked', onSeek);
    };
    // `sent` is the same set for the life of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, postId, token]);
}
