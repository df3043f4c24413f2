import { z } from 'zod';
import { moderationMark } from './common.js';
import { postSummary } from './profiles.js';

export * from './posts-rules.js';

/** One media item of a post (a carousel has several). URLs are null when the post is locked. */
export const postMediaItem = z.object({
  type: z.enum(['image', 'video']),
  url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  /** A video's HLS master playlist, once its ladder is made (absent before, for images and when locked). */
  stream_url: z.string().optional(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
});
export type PostMediaItem = z.infer<typeof postMediaItem>;

/** A post as its own page shows it (docs/product.md §3 "Post/Quicky" plus the detail it needs). */
export const postDetail = postSummary.extend({
  tags: z.array(z.string()),
  isSaved: z.boolean(),
  media: z.array(postMediaItem),
  isLiked: z.boolean(),
  isOwner: z.boolean(),
  /** Whether the viewer follows the author; false for guests and the author. */
  isFollowingAuthor: z.boolean(),
  user: z.object({
    username: z.string(),
    full_name: z.string().nullable(),
    picture: z.string().nullable(),
    isVerified: z.boolean(),
  }),
});
export type PostDetail = z.infer<typeof postDetail>;

/**
 * POST /api/posts (multipart: media, description, visibility, tags, and with a video coverAtMs, see
 * posts-rules.ts): postType is derived from the audience and the media (subscribers → vip, video →
 * quicky, image → grid).
 */
export const uploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  postType: z.enum(['grid', 'quicky', 'vip']),
  postSlug: z.string(),
  slug: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

/** GET /api/posts/slug/{slug}. */
export const postResponse = z.object({ success: z.literal(true), post: postDetail });
export type PostResponse = z.infer<typeof postResponse>;

export const postIdParam = z.object({ id: z.string().min(1).max(100) });
export const slugParam = z.object({ slug: z.string().min(1).max(200) });

/** GET /api/posts/{id}/stats (docs/product.md §3 "Post stats"). */
export const postStats = z.object({ likes: z.number().int().nonnegative(), views: z.number().int().nonnegative(), isLiked: z.boolean() });
export type PostStats = z.infer<typeof postStats>;

/**
 * POST /api/posts/{id}/view. The body is optional: the player sends how long the video has played
 * (`watchedMs`, in milliseconds) and the view counts only once that is a real share of its length;
 * a call with no body at all (the post page's) still answers (docs/decisions/0023-for-you.md).
 */
export const viewPostBody = z
  .object({ watchedMs: z.number().nonnegative().max(86_400_000).optional() })
  .nullish();
export type ViewPostBody = z.infer<typeof viewPostBody>;

/** POST /api/posts/{id}/view: the post's view count. */
export const postViewResponse = z.object({ success: z.literal(true), views: z.number().int().nonnegative() });

/** POST and DELETE /api/posts/{id}/like, and the same for comments. */
export const likeResponse = z.object({ success: z.literal(true), isLiked: z.boolean(), likes: z.number().int().nonnegative() });
export type LikeResponse = z.infer<typeof likeResponse>;

const commentUser = z.object({
  username: z.string(),
  full_name: z.string().nullable(),
  picture: z.string().nullable(),
  isVerified: z.boolean(),
});

const commentBase = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.string(),
  user: commentUser,
  likes_count: z.number().int().nonnegative(),
  isLiked: z.boolean(),
  parent_id: z.string().nullable(),
  /** Only on the author's own view of a comment held or taken down by moderation. */
  moderation: moderationMark.optional(),
});

/** docs/product.md §3 "Comment": replies one level deep. */
export const comment = commentBase.extend({
  replies: z.array(commentBase),
  /** How many replies the viewer may see in all (replies holds at most REPLIES_PER_COMMENT of them). */
  replies_count: z.number().int().nonnegative(),
});
export type Comment = z.infer<typeof comment>;
export type CommentReply = z.infer<typeof commentBase>;

/** GET /api/posts/{id}/comments?sort=all|recent&threaded=1|0&cursor=. */
export const commentsQuery = z.object({
  /** all (Todos, default): oldest first; recent (Más recientes): newest first. */
  sort: z.enum(['all', 'recent']).optional(),
  threaded: z.enum(['0', '1']).optional(),
  cursor: z.string().max(200).optional(),
});
export type CommentsQuery = z.infer<typeof commentsQuery>;

export const commentsResponse = z.object({ comments: z.array(comment), nextCursor: z.string().nullable() });
export type CommentsResponse = z.infer<typeof commentsResponse>;

/** POST /api/posts/{id}/comments. */
export const newCommentBody = z.object({
  text: z.string().max(20_000).optional(),
  parent_id: z.string().max(100).nullable().optional(),
});
export type NewCommentBody = z.infer<typeof newCommentBody>;

export const newCommentResponse = z.object({ success: z.literal(true), comment });
export type NewCommentResponse = z.infer<typeof newCommentResponse>;

/** GET /api/users/{username}/quickys and GET /api/quickys (explore), newest first. */
export const quickysQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number<number>().int().min(1).max(60).optional(),
});
export const quickysResponse = z.object({ quickys: z.array(postSummary), nextCursor: z.string().nullable() });
export type QuickysResponse = z.infer<typeof quickysResponse>;

/** GET /api/posts?user_username=&post_type= (or user=&type=): the author-quicky lookups of docs/product.md §7. */
export const postsByAuthorQuery = z.object({
  user_username: z.string().max(100).optional(),
  user: z.string().max(100).optional(),
  post_type: z.enum(['grid', 'quicky', 'vip']).optional(),
  type: z.enum(['grid', 'quicky', 'vip']).optional(),
  cursor: z.string().max(200).optional(),
});
export const postsByAuthorResponse = z.object({ posts: z.array(postSummary), nextCursor: z.string().nullable() });

/** GET /api/feed: 'Tu Feed' — posts of the people you follow and your own, or a discovery feed. */
export const feedItem = postSummary.extend({ isLiked: z.boolean(), isSaved: z.boolean() });
export type FeedItem = z.infer<typeof feedItem>;
export const feedQuery = z.object({ cursor: z.string().max(200).optional() });
export const feedResponse = z.object({
  items: z.array(feedItem),
  nextCursor: z.string().nullable(),
  /** 'following' for your feed; 'discovery' for guests and people who follow nobody yet. */
  kind: z.enum(['following', 'discovery']),
});
export type FeedResponse = z.infer<typeof feedResponse>;

/**
 * GET /api/feed/for-you?cursor=: 'Para ti', quickys ranked for the viewer on the server (engagement
 * with time decay, freshness, a boost for accounts followed, nothing seen in the last day, at most two
 * in a row from one author). The cursor names a ranking fixed when the first page was read, so the
 * order does not shift while scrolling.
 */
export const forYouResponse = z.object({ items: z.array(feedItem), nextCursor: z.string().nullable() });
export type ForYouResponse = z.infer<typeof forYouResponse>;

/** POST / DELETE /api/posts/{id}/save and GET /api/saved (the saved-posts list). */
export const saveResponse = z.object({ success: z.literal(true), isSaved: z.boolean() });
export const savedResponse = z.object({ items: z.array(feedItem), nextCursor: z.string().nullable() });
export type SavedResponse = z.infer<typeof savedResponse>;
