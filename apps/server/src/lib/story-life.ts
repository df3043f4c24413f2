import { STORY_LIFETIME_MS } from '@wag/contract/stories';

/** Whether a story can still be watched by others: within its 24 hours, or kept as a highlight. */
export function isStoryLive(createdAt: Date | string, highlightedAt: Date | string | null, now: Date): boolean {
  return highlightedAt !== null || now.getTime() - new Date(createdAt).getTime() < STORY_LIFETIME_MS;
}
