/**
 * Who may see what (docs/product-decisions.md §3 and §9): the rules themselves, as pure functions over
 * the facts of one item and of its viewer. filters.ts states the same rules as SQL for lists, and
 * builds the fact columns every repository selects (`postFactsSql`, `storyFactsSql`, …), so a new
 * fact reaches every read path from here; test/access-rules.test.ts holds the two forms to each
 * other. Nothing else in the server decides visibility.
 */
import { STORY_LIFETIME_MS } from '@wag/contract/stories';
import type { Audience, Moderation, ProcessingStatus } from '../db/schema.js';

/**
 * How a viewer stands to one post or story:
 * - owner: their own, in any state (a taken-down one too, to be told why);
 * - visible: they may open it (media, likes, comments);
 * - locked: they may know it exists (a VIP tile with no media) but not open it;
 * - hidden: it does not exist for them (404, left out of every list).
 */
export type Visibility = 'owner' | 'visible' | 'locked' | 'hidden';

export type { Moderation };

/** The facts of the viewer's relation to an item and its owner, read with the item (filters.ts). */
export interface ViewerFacts {
  /** The viewer follows the owner (false for a guest). */
  viewer_follows: boolean;
  /** The viewer and the owner block each other, either way round (false for a guest). */
  viewer_blocked: boolean;
  /** The viewer reported this item: it has left their views (false for a guest). */
  viewer_reported: boolean;
}

/** The facts of the item's owner. */
export interface OwnerFacts {
  user_id: string;
  /** The owner's account is suspended now: nothing of theirs is shown. */
  owner_suspended: boolean;
}

/** The viewer's paid access to the owner's subscribers-only content. */
export interface PaidFacts {
  /**
   * The viewer's subscription to the owner gives access now (access_until ahead; false for a guest).
   * Read only for subscribers-only items (filters.ts looks it up for those alone).
   */
  viewer_subscribed: boolean;
}

export interface PostFacts extends OwnerFacts, ViewerFacts, PaidFacts {
  status: ProcessingStatus;
  visibility: Audience;
  moderation: Moderation | null;
  /** Not read by the rules: the reason its owner was told when it was taken down (filters.ts). */
  moderation_reason?: string | null;
}

export interface StoryFacts extends OwnerFacts, ViewerFacts, PaidFacts {
  /** The viewer bought this story ('Comprar Story'; false for a guest). */
  viewer_unlocked: boolean;
  status: ProcessingStatus;
  audience: Audience;
  moderation: Moderation | null;
  /** Not read by the rules: the reason its owner was told when it was taken down (filters.ts). */
  moderation_reason?: string | null;
  created_at: Date | string;
  highlighted_at: Date | string | null;
}

export interface PersonFacts {
  id: string;
  /** Suspended now, or deleted: the profile and everything of it is hidden. */
  suspended: boolean;
  /** The viewer and this person block each other, either way round. */
  viewer_blocked: boolean;
}

export interface CommentFacts extends OwnerFacts, ViewerFacts {
  moderation: Moderation | null;
}

/** A guest's facts about anything: none of the viewer's relations hold, nothing is paid for. */
export const GUEST: ViewerFacts & PaidFacts & { viewer_unlocked: boolean } = {
  viewer_follows: false,
  viewer_blocked: false,
  viewer_reported: false,
  viewer_subscribed: false,
  viewer_unlocked: false,
};

export const isOwner = (ownerId: string, viewerId: string | null): boolean => viewerId !== null && viewerId === ownerId;

/** Whether its media and interactions are open to the viewer. */
export const isOpen = (visibility: Visibility): boolean => visibility === 'owner' || visibility === 'visible';

/** Whether the viewer finds it in lists at all (locked VIP tiles included). */
export const isListed = (visibility: Visibility): boolean => visibility !== 'hidden';

/**
 * What no audience can open, whoever looks (but the owner): an item blocked between the two of
 * them, of a suspended account, held or taken down by moderation, or reported by the viewer.
 */
function withdrawn(item: OwnerFacts & ViewerFacts & { status: ProcessingStatus; moderation: Moderation | null }): boolean {
  return item.status !== 'ready' || item.moderation !== null || item.owner_suspended || item.viewer_blocked || item.viewer_reported;
}

/**
 * A post: ready posts of their audience; followers-only ones for followers; VIP ones open to the
 * owner's subscribers while their subscription gives access, locked (known, not opened) for others.
 */
export function postVisibility(post: PostFacts, viewerId: string | null): Visibility {
  if (isOwner(post.user_id, viewerId)) return 'owner';
  if (withdrawn(post)) return 'hidden';
  if (post.visibility === 'public') return 'visible';
  if (post.visibility === 'followers') return post.viewer_follows ? 'visible' : 'hidden';
  return post.viewer_subscribed ? 'visible' : 'locked';
}

/** Whether a story can still be watched by others: within its 24 hours, or kept as a highlight. */
export function isStoryLive(createdAt: Date | string, highlightedAt: Date | string | null, now: Date): boolean {
  return highlightedAt !== null || now.getTime() - new Date(createdAt).getTime() < STORY_LIFETIME_MS;
}

/**
 * A story: its owner always (the archive included); others while it is live, within its audience.
 * VIP stories for the owner's subscribers and for those who bought that story (a story has no locked
 * face: 'Comprar Story' is offered from the count of those the viewer cannot open).
 */
export function storyVisibility(story: StoryFacts, viewerId: string | null, now: Date): Visibility {
  if (isOwner(story.user_id, viewerId)) return 'owner';
  if (withdrawn(story) || !isStoryLive(story.created_at, story.highlighted_at, now)) return 'hidden';
  if (story.audience === 'public') return 'visible';
  if (story.audience === 'followers' && story.viewer_follows) return 'visible';
  if (story.audience === 'subscribers' && (story.viewer_subscribed || story.viewer_unlocked)) return 'visible';
  return 'hidden';
}

/** The moment a live story stops being visible to others by time alone (null: never, a highlight). */
export function storyVisibleUntil(story: Pick<StoryFacts, 'created_at' | 'highlighted_at'>): Date | null {
  if (story.highlighted_at !== null) return null;
  return new Date(new Date(story.created_at).getTime() + STORY_LIFETIME_MS);
}

/** A person (a profile, a row of a list, a mention): hidden from those they block or are blocked by, and while suspended. */
export function personVisible(person: PersonFacts, viewerId: string | null): boolean {
  if (isOwner(person.id, viewerId)) return true;
  return !person.suspended && !person.viewer_blocked;
}

/**
 * A comment of a post the viewer may open: their own always; others' unless held or taken down, of a
 * suspended author, blocked between them, or reported by the viewer.
 */
export function commentVisible(comment: CommentFacts, viewerId: string | null): boolean {
  if (isOwner(comment.user_id, viewerId)) return true;
  return comment.moderation === null && !comment.owner_suspended && !comment.viewer_blocked && !comment.viewer_reported;
}

/** A direct message as one of the two people in its conversation reads it. */
export interface MessageFacts {
  sender_id: string;
  moderation: Moderation | null;
  /** The viewer reported this message: it has left their view of the conversation. */
  viewer_reported: boolean;
}

/**
 * A message of a conversation the viewer is in: their own always (a held or taken-down one too);
 * the other person's unless held or taken down by moderation, or reported by the viewer.
 */
export function messageVisible(message: MessageFacts, viewerId: string | null): boolean {
  if (isOwner(message.sender_id, viewerId)) return true;
  return message.moderation === null && !message.viewer_reported;
}

/** Who blocks whom between the viewer and one other person. */
export interface BlockFacts {
  /** The viewer blocks the other person. */
  viewer_blocks: boolean;
  /** The other person blocks the viewer. */
  blocks_viewer: boolean;
}

/**
 * A conversation with another person: the person blocked loses it (gone from their inbox, with its
 * messages and live events); the blocker keeps it read-only, since it may be the evidence of
 * harassment and its messages can still be reported. A conversation with a deleted account stays,
 * read-only: its history is the viewer's too.
 */
export function conversationAccess(facts: BlockFacts & { other_deleted?: boolean }): 'open' | 'read-only' | 'hidden' {
  if (facts.blocks_viewer) return 'hidden';
  if (facts.viewer_blocks || facts.other_deleted) return 'read-only';
  return 'open';
}

/** The photo or video of a direct message, with the viewer's place in its conversation. */
export interface MessageMediaFacts extends MessageFacts, BlockFacts {
  recipient_id: string;
  /** A video is served once transcoded. */
  status: ProcessingStatus;
  created_at: Date | string;
  /** When the viewer deleted the conversation for themself (or rejected its request); null if never. */
  viewer_cleared_at: Date | string | null;
}

/**
 * A message's media file: only for the two people of its conversation, while the message is in the
 * viewer's view of it (conversationAccess: the person blocked loses it, the blocker keeps it;
 * not deleted by the viewer; messageVisible: held or taken down, or reported, leaves the other's view).
 */
export function messageMediaVisible(media: MessageMediaFacts, viewerId: string | null): boolean {
  if (viewerId === null || (viewerId !== media.sender_id && viewerId !== media.recipient_id)) return false;
  if (media.status !== 'ready' || conversationAccess(media) === 'hidden') return false;
  if (media.viewer_cleared_at !== null && new Date(media.created_at).getTime() <= new Date(media.viewer_cleared_at).getTime()) return false;
  return messageVisible(media, viewerId);
}

/** The counters a profile keeps per audience (users columns). */
export interface PostCounters {
  posts_count: number;
  listed_posts_count: number;
  followers_posts_count: number;
}

/** How many posts a viewer finds on a profile: exactly the grid's rows, from counters. */
export function visiblePostsCount(ownerId: string, counters: PostCounters, viewerId: string | null, follows: boolean): number {
  if (isOwner(ownerId, viewerId)) return counters.posts_count;
  return counters.listed_posts_count + (follows ? counters.followers_posts_count : 0);
}
