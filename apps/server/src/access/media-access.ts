import { LRUCache } from 'lru-cache';
import type { Clock } from '../lib/clock.js';
import type { AccessRepository, MediaSubject } from './access.repository.js';
import { GUEST, isOpen, messageMediaVisible, postVisibility, storyVisibility, storyVisibleUntil } from './rules.js';

/** A decision is reused at most this long (the issue allows five minutes; one keeps revocation quick). */
export const MEDIA_DECISION_TTL_MS = 60_000;
/** Browsers keep a private file this long before asking again (revalidated cheaply by ETag). */
const PRIVATE_MAX_AGE_S = 300;
/** Subscribers-only files: a browser keeps them a minute at most. */
const PAID_MAX_AGE_S = 60;
/** Files everyone may see are cached at most a day, so a deleted or withdrawn file stops being served. */
const PUBLIC_MAX_AGE_S = 24 * 60 * 60;

export interface MediaDecision {
  allowed: boolean;
  /** Cache-Control for an allowed file: shared only when every viewer (a guest too) may see it. */
  cacheControl: string;
}

const DENIED: MediaDecision = { allowed: false, cacheControl: 'no-store' };

/**
 * The judge of media files: a file is served only to a viewer whom the access rules admit at the time
 * of the request (never by a link alone: a copied URL is judged for whoever opens it). Decisions are
 * kept briefly per viewer and folder; access that ends by time alone (a story past its 24 hours) ends
 * when it should, without any write.
 */
export function createMediaAccess({ repo, clock }: { repo: AccessRepository; clock: Clock }) {
  const cache = new LRUCache<string, { decision: MediaDecision; until: number }>({ max: 50_000 });

  function decide(subject: MediaSubject | undefined, viewerId: string | null, moderator: boolean, now: Date): { decision: MediaDecision; until: number } {
    const ttl = now.getTime() + MEDIA_DECISION_TTL_MS;
    if (!subject) return { decision: DENIED, until: now.getTime() };
    if (subject.kind === 'avatar') {
      const shown = !subject.suspended || subject.user_id === viewerId || moderator;
      return { decision: shown ? { allowed: true, cacheControl: `public, max-age=${PUBLIC_MAX_AGE_S}` } : DENIED, until: ttl };
    }
    if (subject.kind === 'message') {
      // A private conversation's file: its two people, and moderators only once it is reported to them.
      const allowed = messageMediaVisible(subject, viewerId) || (moderator && subject.in_review);
      return { decision: allowedDecision(allowed, false, PRIVATE_MAX_AGE_S), until: ttl };
    }
    // Moderators review reported and taken-down items with their files; only they get those.
    if (subject.kind === 'post') {
      const allowed = moderator || isOpen(postVisibility(subject, viewerId));
      const everyone = isOpen(postVisibility({ ...subject, ...GUEST }, null));
      // A subscriber's browser keeps a paid file a minute at most: a refund ends access that soon.
      return { decision: allowedDecision(allowed, everyone, paid(subject) ? PAID_MAX_AGE_S : PUBLIC_MAX_AGE_S), until: ttl };
    }
    const allowed = moderator || storyVisibility(subject, viewerId, now) !== 'hidden';
    const everyone = storyVisibility({ ...subject, ...GUEST }, null, now) !== 'hidden';
    // A live story's files stop being served when it ends: no cache (ours or the browser's) outlives it.
    const ends = storyVisibleUntil(subject)?.getTime() ?? Number.POSITIVE_INFINITY;
    const secondsLeft = Math.max(0, Math.floor((ends - now.getTime()) / 1000));
    return {
      decision: allowedDecision(allowed, everyone, Math.min(paid(subject) ? PAID_MAX_AGE_S : PUBLIC_MAX_AGE_S, secondsLeft)),
      until: Math.min(ttl, ends),
    };
  }

  return {
    /** Whether the viewer (null: a guest) may have the files of this media folder now. */
    async decide(folderKey: string, viewerId: string | null): Promise<MediaDecision> {
      const now = clock.now();
      const key = `${viewerId ?? '-'}|${folderKey}`;
      const cached = cache.get(key);
      if (cached && cached.until > now.getTime()) return cached.decision;
      const [subject, moderator] = await Promise.all([
        repo.mediaSubject(folderKey, viewerId, now),
        viewerId ? repo.isModerator(viewerId) : Promise.resolve(false),
      ]);
      const fresh = decide(subject, viewerId, moderator, now);
      // A folder no row names yet (a video still transcoding) is not remembered as refused; nor is
      // paid content, whose access begins with a payment and ends with a refund at any moment.
      if (subject && !paid(subject)) cache.set(key, fresh);
      return fresh.decision;
    },
  };
}

/** Subscribers-only content: judged on every request (see decide). */
function paid(subject: MediaSubject): boolean {
  return (subject.kind === 'post' && subject.visibility === 'subscribers') || (subject.kind === 'story' && subject.audience === 'subscribers');
}

function allowedDecision(allowed: boolean, everyone: boolean, publicMaxAge: number): MediaDecision {
  if (!allowed) return DENIED;
  if (everyone) return { allowed: true, cacheControl: `public, max-age=${publicMaxAge}` };
  return { allowed: true, cacheControl: `private, max-age=${Math.min(PRIVATE_MAX_AGE_S, publicMaxAge)}` };
}

export type MediaAccess = ReturnType<typeof createMediaAccess>;
