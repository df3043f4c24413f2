import { z } from 'zod';
import { moderationMark } from './common.js';

export * from './profiles-rules.js';

/** Public face of a user: never email, phone, birth date or anything private. */
export const publicUser = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  bio: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  isVerified: z.boolean(),
  /** Has stories from the last 24 hours the viewer may see (the avatar ring). */
  hasActiveStories: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const profileStats = z.object({
  followers: z.number().int().nonnegative(),
  following: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
});
export type ProfileStats = z.infer<typeof profileStats>;

/**
 * A post as the grids show it (docs/product.md §3 "Post/Quicky"). A locked post (VIP the viewer may not
 * see) has every media URL null.
 */
export const postSummary = z.object({
  id: z.string(),
  slug: z.string(),
  post_type: z.enum(['grid', 'quicky', 'vip']),
  media_type: z.enum(['image', 'video']),
  visibility: z.enum(['public', 'followers', 'subscribers']),
  status: z.enum(['processing', 'ready', 'failed']),
  locked: z.boolean(),
  media_url: z.string().nullable(),
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  /** The video's HLS master playlist, once its ladder is made (absent before, for images and when locked). */
  stream_url: z.string().optional(),
  thumbnail_url: z.string().nullable(),
  video_thumbnail_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  media_count: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  title: z.string().nullable(),
  body: z.string(),
  likes: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  created_at: z.string(),
  user: z.object({ username: z.string(), full_name: z.string().nullable(), picture: z.string().nullable() }),
  /** Only on the owner's own view of a post held or taken down by moderation. */
  moderation: moderationMark.optional(),
});
export type PostSummary = z.infer<typeof postSummary>;

/** GET /api/profile/{username} (docs/product.md §7: user, stats, posts). */
export const profileResponse = z.object({
  success: z.literal(true),
  user: publicUser,
  stats: profileStats,
  /** The newest posts of every type the viewer may know of (VIP ones locked), newest first. */
  posts: z.array(postSummary),
  postsNextCursor: z.string().nullable(),
  /** Whether the viewer follows this user; false for guests and for the owner. */
  isFollowing: z.boolean(),
  isOwner: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** GET /api/users/{username}/posts: the pages after the profile's first one. */
export const userPostsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number<number>().int().min(1).max(60).optional(),
  /** Only one kind of post, e.g. `quicky` for an author's quickys (docs/product.md §7). */
  post_type: z.enum(['grid', 'quicky', 'vip']).optional(),
});
export type UserPostsQuery = z.infer<typeof userPostsQuery>;

export const userPostsResponse = z.object({
  posts: z.array(postSummary),
  nextCursor: z.string().nullable(),
});
export type UserPostsResponse = z.infer<typeof userPostsResponse>;

export const followStatusResponse = z.object({ isFollowing: z.boolean() });
export type FollowStatusResponse = z.infer<typeof followStatusResponse>;

/** POST/DELETE /api/follow/{username} and the unprefixed /follow/{username}. */
export const followResponse = z.object({
  success: z.literal(true),
  isFollowing: z.boolean(),
  /** The followee's follower count after the change. */
  followers: z.number().int().nonnegative(),
});
export type FollowResponse = z.infer<typeof followResponse>;

/** One row of a followers or following list (docs/product.md §3). */
export const followEntry = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  isVerified: z.boolean(),
  /** False for guests; false on the viewer's own row. */
  isFollowedByMe: z.boolean(),
  isMe: z.boolean(),
});
export type FollowEntry = z.infer<typeof followEntry>;

export const followListQuery = z.object({
  /** Optional filter: case-insensitive substring of username or full name, trimmed. */
  q: z.string().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number<number>().int().min(1).max(100).optional(),
});
export type FollowListQuery = z.infer<typeof followListQuery>;

export const followListResponse = z.object({
  users: z.array(followEntry),
  nextCursor: z.string().nullable(),
});
export type FollowListResponse = z.infer<typeof followListResponse>;

/** PUT /api/user/profile-details: anything else in the body is ignored. */
export const profileDetailsBody = z.object({
  fullName: z.string().max(1000).nullable().optional(),
  bio: z.string().max(5000).nullable().optional(),
});
export type ProfileDetailsBody = z.infer<typeof profileDetailsBody>;

export const profileDetailsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({ fullName: z.string().nullable(), bio: z.string().nullable() }),
});
export type ProfileDetailsResponse = z.infer<typeof profileDetailsResponse>;

/** PUT /api/user/profile-picture (multipart field profilePicture). */
export const profilePictureResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  profilePictureUrl: z.string(),
});
export type ProfilePictureResponse = z.infer<typeof profilePictureResponse>;

/** GET /api/user/personal-info (docs/product.md §3 "Personal info (read)"). */
export const personalInfoResponse = z.object({
  success: z.literal(true),
  full_name: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  /** Whether `email` was confirmed from the link sent to it. */
  email_confirmed: z.boolean(),
  /** A new address asked for and waiting for its link to be opened (it is not the account's yet). */
  pending_email: z.string().nullable(),
  phone: z.string().nullable(),
  birth_date: z.string(),
});
export type PersonalInfoResponse = z.infer<typeof personalInfoResponse>;

/**
 * PUT /user/personal-info (no /api prefix): fullName, username, email, phone, dob. A new email needs
 * currentPassword; dob is fixed at registration (the same date is accepted, another is refused).
 */
export const personalInfoBody = z.object({
  fullName: z.string().max(1000).nullable().optional(),
  username: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  phone: z.string().max(100).nullable().optional(),
  dob: z.string().max(40).optional(),
  currentPassword: z.string().max(200).optional(),
});
export type PersonalInfoBody = z.infer<typeof personalInfoBody>;

export const personalInfoUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  username: z.string(),
  /** The new address waiting for confirmation, when the email was changed. */
  pendingEmail: z.string().nullable(),
});
export type PersonalInfoUpdateResponse = z.infer<typeof personalInfoUpdateResponse>;

/** GET /api/username/check/{username}: the viewer's own name counts as available. */
export const usernameCheckResponse = z.object({
  available: z.boolean(),
  /** Why not, in the request's language, when unavailable. */
  message: z.string().nullable(),
});
export type UsernameCheckResponse = z.infer<typeof usernameCheckResponse>;

/** GET /api/users/search?q=&limit= (docs/product.md §3 "User search result"). */
export const peopleSearchQuery = z.object({
  q: z.string().max(100).optional(),
  limit: z.coerce.number<number>().int().min(1).optional(),
});
export type PeopleSearchQuery = z.infer<typeof peopleSearchQuery>;

export const peopleSearchResult = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  avatar: z.string().nullable(),
  verified: z.boolean(),
});
export type PeopleSearchResult = z.infer<typeof peopleSearchResult>;

export const peopleSearchResponse = z.object({ users: z.array(peopleSearchResult) });
export type PeopleSearchResponse = z.infer<typeof peopleSearchResponse>;

/** GET /api/wag-stars: the featured creators, in their featured order. */
export const wagStar = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  bio: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  isVerified: z.boolean(),
  followers: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
  isFollowedByMe: z.boolean(),
});
export type WagStar = z.infer<typeof wagStar>;

export const wagStarsResponse = z.object({ users: z.array(wagStar) });
export type WagStarsResponse = z.infer<typeof wagStarsResponse>;
