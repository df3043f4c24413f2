import { STORY_LIFETIME_MS } from '@wag/contract/stories';
import { USER_POSTS_PAGE_SIZE, type ProfileResponse, type UserPostsQuery, type UserPostsResponse } from '@wag/contract/profiles';
import { personVisible, postVisibility, visiblePostsCount } from '../access/rules.js';
import type { Clock } from '../lib/clock.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { NotFoundError } from '../lib/errors.js';
import { mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { ProfileRow, ProfilesRepository } from '../repositories/profiles.repository.js';
import type { Viewer } from './auth.service.js';
import { toPostSummary } from './post-summary.js';

export interface ProfilesServiceDeps {
  profiles: ProfilesRepository;
  clock: Clock;
}

export function createProfilesService({ profiles, clock }: ProfilesServiceDeps) {
  async function findProfile(username: string, viewer: Viewer | null): Promise<ProfileRow> {
    const now = clock.now();
    const profile = await profiles.findProfile(username, viewer?.userId ?? null, now, new Date(now.getTime() - STORY_LIFETIME_MS));
    if (!profile || !personVisible(profile, viewer?.userId ?? null)) throw new NotFoundError(messages.userNotFound);
    return profile;
  }

  async function postsPage(profile: ProfileRow, viewer: Viewer | null, query: UserPostsQuery): Promise<UserPostsResponse> {
    const viewerId = viewer?.userId ?? null;
    const limit = query.limit ?? USER_POSTS_PAGE_SIZE;
    const rows = await profiles.listPosts({
      ownerId: profile.id,
      viewerId,
      now: clock.now(),
      limit: limit + 1,
      after: query.cursor ? decodeTimeCursor(query.cursor) : undefined,
      postType: query.post_type,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      posts: page.map((row) => toPostSummary(row, profile, postVisibility(row, viewerId))),
      nextCursor: rows.length > limit && last ? encodeCursor([last.cursor_at, last.id]) : null,
    };
  }

  return {
    /** The profile page: the public user, counters as this viewer sees them, the first posts and the viewer's relation. */
    async getProfile(username: string, viewer: Viewer | null): Promise<ProfileResponse> {
      const profile = await findProfile(username, viewer);
      const isOwner = viewer?.userId === profile.id;
      const { posts, nextCursor } = await postsPage(profile, viewer, {});
      return {
        success: true,
        user: {
          id: profile.id,
          username: profile.username,
          fullName: profile.full_name,
          bio: profile.bio,
          profilePictureUrl: mediaUrl(profile.avatar_key, MEDIA_FILES.avatarLarge),
          isVerified: profile.is_verified,
          hasActiveStories: profile.has_active_stories,
        },
        stats: {
          followers: profile.followers_count,
          following: profile.following_count,
          // As many as the grid lists to this viewer (locked VIP tiles included), from counter columns.
          posts: visiblePostsCount(profile.id, profile, viewer?.userId ?? null, profile.is_following),
        },
        posts,
        postsNextCursor: nextCursor,
        isFollowing: !isOwner && profile.is_following,
        isOwner,
      };
    },

    /** Later pages of a user's posts (or of one post type), with the same audience rules. */
    async listPosts(username: string, viewer: Viewer | null, query: UserPostsQuery): Promise<UserPostsResponse> {
      return postsPage(await findProfile(username, viewer), viewer, query);
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
