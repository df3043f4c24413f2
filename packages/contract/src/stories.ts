import { z } from 'zod';
import { moderationMark } from './common.js';

export * from './stories-rules.js';

const storyUser = z.object({
  username: z.string(),
  full_name: z.string().nullable(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
});

/** docs/product.md §3 "Story": media is a list of {url, type}. */
export const story = z.object({
  id: z.string(),
  user: storyUser,
  created_at: z.string(),
  createdAt: z.string(),
  audience: z.enum(['public', 'followers', 'subscribers']),
  media: z.array(z.object({ url: z.string(), type: z.enum(['image', 'video']), poster_url: z.string().nullable(), duration_ms: z.number().int().nullable() })),
  /** Whether the viewer has seen it (false for guests). */
  seen: z.boolean(),
  isOwner: z.boolean(),
  /** Only on the owner's own view of a story held or taken down by moderation. */
  moderation: moderationMark.optional(),
});
export type Story = z.infer<typeof story>;

/** docs/product.md §3 "Highlight story". */
export const highlightStory = z.object({
  id: z.string(),
  created_at: z.string(),
  wholesale_at: z.string(),
  media_url: z.string(),
  media_type: z.enum(['image', 'video']),
  poster_url: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  title: z.string().nullable(),
  group_id: z.string().nullable(),
  /** Only on the owner's own view of a story held or taken down by moderation. */
  moderation: moderationMark.optional(),
});
export type HighlightStory = z.infer<typeof highlightStory>;

export const activeStoriesResponse = z.object({ stories: z.array(story) });
export const hasActiveResponse = z.object({ hasActive: z.boolean() });
export const highlightsResponse = z.object({ highlights: z.array(highlightStory) });
export type HighlightsResponse = z.infer<typeof highlightsResponse>;

/** docs/product.md §3 "Story meta". */
export const storyMeta = z.object({ views: z.number().int().nonnegative(), likes: z.number().int().nonnegative(), isLiked: z.boolean() });
export const storyViewResponse = z.object({ success: z.literal(true), views: z.number().int().nonnegative() });
export const storyLikeResponse = z.object({ success: z.literal(true), isLiked: z.boolean(), likes: z.number().int().nonnegative() });

/** docs/product.md §3 "Viewer" and "Viewers page". */
export const storyViewer = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  avatar: z.string().nullable(),
  viewed_at: z.string(),
});
export type StoryViewer = z.infer<typeof storyViewer>;

export const viewersQuery = z.object({
  page: z.coerce.number<number>().int().min(1).max(100_000).optional(),
  size: z.coerce.number<number>().int().min(1).max(100).optional(),
});
export const viewersResponse = z.object({ items: z.array(storyViewer), hasMore: z.boolean() });
export type ViewersResponse = z.infer<typeof viewersResponse>;

/** docs/product.md §3 "Story groups". */
export const storyGroupsResponse = z.object({
  recents: z.object({ count: z.number().int().nonnegative(), cover_url: z.string().nullable() }),
  groups: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int().nonnegative(), cover_url: z.string().nullable() })),
});
export type StoryGroupsResponse = z.infer<typeof storyGroupsResponse>;

export const newStoryGroupBody = z.object({ name: z.string().max(1000).optional() });
export const newStoryGroupResponse = z.object({ success: z.literal(true), group: z.object({ id: z.string(), name: z.string() }) });

export const storyReplyBody = z.object({ text: z.string().max(20_000).optional() });
export const moveToGroupBody = z.object({ group_id: z.string().max(100).nullable().optional() });
export const storyIdParam = z.object({ id: z.string().min(1).max(100) });

export const createStoryResponse = z.object({ success: z.literal(true), message: z.string(), story: z.object({ id: z.string() }) });

/** GET /api/feed/stories: the story-avatar row — yourself first, then people with active stories. */
export const storyRowItem = z.object({
  username: z.string(),
  full_name: z.string().nullable(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  /** Active stories the viewer has not watched yet (the ring). */
  hasUnseen: z.boolean(),
  hasStories: z.boolean(),
  isMe: z.boolean(),
  latest_at: z.string().nullable(),
});
export type StoryRowItem = z.infer<typeof storyRowItem>;
export const storyRowResponse = z.object({ items: z.array(storyRowItem), nextCursor: z.string().nullable() });
export type StoryRowResponse = z.infer<typeof storyRowResponse>;
