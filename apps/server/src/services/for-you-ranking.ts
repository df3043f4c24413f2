/**
 * The order of 'Para ti', as pure functions of the candidates' facts and the time
 * (docs/decisions/0023-for-you.md). No database, no clock of its own: the same input gives the same
 * order, which the unit tests beside this file pin down.
 */

/** What the ranking reads of one candidate quicky. */
export interface ForYouCandidate {
  id: string;
  authorId: string;
  createdAt: Date;
  likes: number;
  comments: number;
  completedViews: number;
  /** The viewer follows the author. */
  followed: boolean;
  /** When the viewer last had it on screen (post_views.last_viewed_at); null if never, or a guest. */
  seenAt: Date | null;
}

const HOUR_MS = 3_600_000;

/**
 * The weights, and why:
 * - A comment costs more effort than a like and a completed view says more than a like that takes a
 *   tap, so engagement is likes + 3 × comments + 2 × completed views.
 * - Engagement counts on a log scale, so one viral quicky does not bury everything for days, and
 *   halves every 48 hours: yesterday's hit still ranks, last month's does not.
 * - Freshness gives a new quicky a chance before anyone has reacted to it: 1.5 when just posted (as
 *   much as ~3.5 engagement points), halving every 12 hours.
 * - Following the author adds 1 (as much as multiplying the engagement by e): people they chose rise,
 *   without the page becoming 'Siguiendo' again.
 */
export const FOR_YOU_WEIGHTS = {
  likes: 1,
  comments: 3,
  completedViews: 2,
  engagementHalfLifeHours: 48,
  freshness: 1.5,
  freshnessHalfLifeHours: 12,
  followBoost: 1,
} as const;

/** A quicky the viewer had on screen within this window is left out. */
export const SEEN_WINDOW_MS = 24 * HOUR_MS;

/** At most this many quickys in a row from one author. */
export const MAX_RUN_PER_AUTHOR = 2;

const halving = (ageHours: number, halfLifeHours: number) => 0.5 ** (ageHours / halfLifeHours);

/** The score of one candidate at `now`; a date in the future counts as just posted. */
export function forYouScore(candidate: ForYouCandidate, now: Date, weights = FOR_YOU_WEIGHTS): number {
  const ageHours = Math.max(0, now.getTime() - candidate.createdAt.getTime()) / HOUR_MS;
  const engagement =
    weights.likes * Math.max(0, candidate.likes) +
    weights.comments * Math.max(0, candidate.comments) +
    weights.completedViews * Math.max(0, candidate.completedViews);
  return (
    Math.log1p(engagement) * halving(ageHours, weights.engagementHalfLifeHours) +
    weights.freshness * halving(ageHours, weights.freshnessHalfLifeHours) +
    (candidate.followed ? weights.followBoost : 0)
  );
}

/** Seen by the viewer within SEEN_WINDOW_MS before `now`. */
export function seenRecently(candidate: Pick<ForYouCandidate, 'seenAt'>, now: Date): boolean {
  return candidate.seenAt !== null && now.getTime() - candidate.seenAt.getTime() < SEEN_WINDOW_MS;
}

/**
 * Reorders a ranked list so that no author has more than `maxRun` items in a row: when the next item
 * would make a third, the best-ranked item of another author goes first. When only that author's
 * items are left, the list ends there: the rule holds, and those items stay unseen, so a later
 * ranking offers them again.
 */
export function spreadAuthors<T extends { authorId: string }>(ranked: readonly T[], maxRun = MAX_RUN_PER_AUTHOR): T[] {
  const pending = [...ranked];
  const out: T[] = [];
  while (pending.length > 0) {
    const tail = out.slice(-maxRun);
    const full = tail.length === maxRun && tail.every((item) => item.authorId === tail[0]!.authorId) ? tail[0]!.authorId : null;
    const index = full === null ? 0 : pending.findIndex((item) => item.authorId !== full);
    if (index < 0) break;
    out.push(pending.splice(index, 1)[0]!);
  }
  return out;
}

/**
 * 'Para ti' for one viewer at `now`: the candidates not seen in the last day, best score first (ties
 * by id, so the order never depends on the order they were read in), then spread across authors.
 * Returns the ids in order.
 */
export function rankForYou(candidates: readonly ForYouCandidate[], now: Date): string[] {
  const scored = candidates
    .filter((candidate) => !seenRecently(candidate, now))
    .map((candidate) => ({ candidate, authorId: candidate.authorId, score: forYouScore(candidate, now) }));
  scored.sort((a, b) => b.score - a.score || (a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0));
  return spreadAuthors(scored).map((item) => item.candidate.id);
}
