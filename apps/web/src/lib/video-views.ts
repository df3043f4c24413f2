import { useEffect, useRef, type RefObject } from 'react';
import { api } from './api';
import { useSession } from './session';

/**
 * A view counts once the video has played a real share of its length (issue 16, decision 0023), not
 * when it loads: 3 s, or half of a shorter video; 3 s when the length is unknown. It is complete at
 * 90 % (what 'Para ti' ranks on), which a second call reports.
 */
export const VIEW_MIN_PLAY_MS = 3_000;
export const VIEW_COMPLETION_SHARE = 0.9;

export function viewThresholdMs(durationMs: number | null | undefined): number {
  if (!durationMs || !Number.isFinite(durationMs) || durationMs <= 0) return VIEW_MIN_PLAY_MS;
  return Math.min(VIEW_MIN_PLAY_MS, durationMs / 2);
}

/** The play that completes a view, or null when the length is unknown (such a view never completes). */
export function completionMs(durationMs: number | null | undefined): number | null {
  if (!durationMs || !Number.isFinite(durationMs) || durationMs <= 0) return null;
  return durationMs * VIEW_COMPLETION_SHARE;
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
 * Sends POST /api/posts/{id}/view with { watchedMs: 0 } when the video is first shown (it is then
 * seen, not viewed), with { watchedMs } once it has played past the threshold, and once more when it has played to completion, for signed-in viewers (guests do not
 * count views, docs/product.md §10), each at most once per post while the screen is shown (`counted`
 * lets the slides of one player share that memory).
 */
export function useVideoView(video: RefObject<HTMLVideoElement | null>, postId: string | null, counted?: Set<string>) {
  const { token } = useSession();
  const own = useRef(new Set<string>());
  const sent = counted ?? own.current;
  useEffect(() => {
    const element = video.current;
    const done = `${postId}:complete`;
    if (!element || !postId || !token || sent.has(done)) return;
    // Shown is seen: 'Para ti' leaves out for a day what was on screen, even if swiped past at once.
    // A call with nothing played marks it so without counting a view.
    const seen = `${postId}:seen`;
    if (!sent.has(seen) && !sent.has(postId)) {
      sent.add(seen);
      void api('viewPost', { params: { id: postId }, body: { watchedMs: 0 } }).catch(() => undefined);
    }
    let last: number | null = null;
    let played = 0;
    const report = (key: string) => {
      sent.add(key);
      void api('viewPost', { params: { id: postId }, body: { watchedMs: Math.round(played) } }).catch(() => undefined);
    };
    const onTime = () => {
      const now = element.currentTime * 1000;
      played += playedStep(last, now);
      last = now;
      const length = Number.isFinite(element.duration) ? element.duration * 1000 : null;
      const complete = completionMs(length);
      if (complete !== null && played >= complete && !sent.has(done)) {
        sent.add(postId);
        report(done);
      } else if (played >= viewThresholdMs(length) && !sent.has(postId)) report(postId);
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
  }, [video, postId, token, sent]);
}
