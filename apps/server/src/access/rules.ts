/**
 * Who may see what (decisions.md §3): the rules themselves, as pure functions over the facts of one
 * item and the viewer's relation to its owner. filters.ts states the same rules as SQL for lists;
 * access.test.ts holds the two to each other. Nothing else in the server decides visibility.
 *
 * Blocks, moderation takedowns and suspended accounts join these rules (and their SQL twins) when
 * they exist; every read path already asks here.
 */
import { STORY_LIFETIME_MS } from '@wag/contract/stories';
import type { Audience, ProcessingStatus } from '../db/schema.js';

/**
 * How a viewer stands to one post or story:
 * - owner: their own, in any state;
 * - visible: they may open it (media, likes, comments);
 * - locked: they may know it exists (a VIP tile with no media) but not open it;
 * - hidden: it does not exist for them (404, left out of every list).
 */
export type Visibility = 'owner' | 'visible' | 'locked' | 'hidden';

/** What the viewer is to an item's owner. A guest has no id and follows nobody. */
export interface Relation {
  viewerId: string | null;
  /** The viewer follows the owner. */
  follows: boolean;
}

export interface PostFacts {
  user_id: string;
  status: ProcessingStatus;
  visibility: Audience;
}

export interface StoryFacts {
  user_id: string;
  status: ProcessingStatus;
  audience: Audience;
  created_at: Date | string;
  highlighted_at: Date | string | null;
}

export const isOwner = (ownerId: string, relation: Relation): boolean => relation.viewerId !== null && relation.viewerId === ownerId;

/** Whether its media and interactions are open to the viewer. */
export const isOpen = (visibility: Visibility): boolean => visibility === 'owner' || visibility === 'visible';

/** Whether the viewer finds it in lists at all (locked VIP tiles included). */
export const isListed = (visibility: Visibility): boolean => visibility !== 'hidden';

/**
 * A post: ready posts of their audience; followers-only ones for followers; VIP ones locked for
 * everyone but their owner until subscriptions exist.
 */
export function postVisibility(post: PostFacts, relation: Relation): Visibility {
  if (isOwner(post.user_id, relation)) return 'owner';
  if (post.status !== 'ready') return 'hidden';
  if (post.visibility === 'public') return 'visible';
  if (post.visibility === 'followers') return relation.follows ? 'visible' : 'hidden';
  return 'locked';
}

/** Whether a story can still be watched by others: within its 24 hours, or kept as a highlight. */
export function isStoryLive(createdAt: Date | string, highlightedAt: Date | string | null, now: Date): boolean {
  return highlightedAt !== null || now.getTime() - new Date(createdAt).getTime() < STORY_LIFETIME_MS;
}

/**
 * A story: its owner always (the archive included); others while it is live, within its audience.
 * VIP stories are their owner's alone until subscriptions exist (a story has no locked face).
 */
export function storyVisibility(story: StoryFacts, relation: Relation, now: Date): Visibility {
  if (isOwner(story.user_id, relation)) return 'owner';
  if (story.status !== 'ready' || !isStoryLive(story.created_at, story.highlighted_at, now)) return 'hidden';
  if (story.audience === 'public') return 'visible';
  if (story.audience === 'followers' && relation.follows) return 'visible';
  return 'hidden';
}

/** The moment a live story stops being visible to others by time alone (null: never, a highlight). */
export function storyVisibleUntil(story: StoryFacts): Date | null {
  if (story.highlighted_at !== null) return null;
  return new Date(new Date(story.created_at).getTime() + STORY_LIFETIME_MS);
}

/** The counters a profile keeps per audience (users columns). */
export interface PostCounters {
  posts_count: number;
  listed_posts_count: number;
  followers_posts_count: number;
}

/** How many posts a viewer finds on a profile: exactly the grid's rows, from counters. */
export function visiblePostsCount(ownerId: string, counters: PostCounters, relation: Relation): number {
  if (isOwner(ownerId, relation)) return counters.posts_count;
  return counters.listed_posts_count + (relation.follows ? counters.followers_posts_count : 0);
}
