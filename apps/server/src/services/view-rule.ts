import type { MediaKind } from '../db/schema.js';

/** A video's view counts after this much play, or half of it when it is shorter (decision 0023). */
export const VIEW_MIN_PLAY_MS = 3000;
/** The share of a video played that completes the view. */
export const VIEW_COMPLETION_SHARE = 0.9;

export interface ViewProgress {
  /** The view counts (once per viewer; the caller keeps it to logged-in viewers who are not the owner). */
  counts: boolean;
  /** The video was watched to (nearly) its end. */
  completes: boolean;
}

/**
 * What one call of POST /api/posts/{id}/view is worth. A photo is seen when it is shown, so it counts
 * at once. A video counts once it has played min(3 s, half its length) and completes at 90 % of it;
 * a call without `watchedMs` (a page that only opened it) counts nothing, since a view of a video
 * is a real share of it played, not a load. A video of unknown length counts after 3 s and never
 * completes.
 */
export function viewProgress(contentType: MediaKind, durationMs: number | null, watchedMs: number | undefined): ViewProgress {
  if (contentType !== 'video') return { counts: true, completes: false };
  if (watchedMs === undefined) return { counts: false, completes: false };
  const length = durationMs !== null && durationMs > 0 ? durationMs : null;
  const completes = length !== null && watchedMs >= VIEW_COMPLETION_SHARE * length;
  const counts = completes || watchedMs >= (length === null ? VIEW_MIN_PLAY_MS : Math.min(VIEW_MIN_PLAY_MS, length / 2));
  return { counts, completes };
}
