import { USER_POSTS_PAGE_SIZE, type ProfileResponse, type UserPostsQuery, type UserPostsResponse } from '@wag/contract/profiles';
import type { Clock } from '../lib/clock.js';
import type { MediaGrants } from '../lib/media-grants.js';
import { decodeTimeCursor, encodeCursor } from '../lib/cursor.js';
import { NotFoundError } from '../lib/errors.js';
import { mediaUrl } from '../lib/media-url.js';
import { messages } from '../lib/messages.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { Access, ProfileRow, ProfilesRepository } from '../repositories/profiles.repository.js';
import type { Viewer } from './auth.service.js';
import { toPostSummary } from './post-summary.js';

/** Stories stay active for 24 hours (decisions.md §7). */
export const STORY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface ProfilesServiceDeps {
  profiles: ProfilesRepository;
  clock: Clock;
  grants: MediaGrants;
}

function accessOf(profile: ProfileRow, viewer: Viewer | null): Access {
  if (viewer?.userId === profile.id) return 'owner';
  return profile.is_following ? 'follower' : 'other';
}

export function createProfilesService({ profiles, clock, grants }: ProfilesServiceDeps) {
  async function findProfile(username: string, viewer: Viewer | null): Promise<ProfileRow> {
    const activeSince = new Date(clock.now().getTime() - STORY_LIFETIME_MS);
    const profile = await profiles.findProfile(username, viewer?.userId ?? null, activeSince);
    if (!profile) throw new NotFoundError(messages.userNotFound);
    return profile;
  }

  async function postsPage(profile: ProfileRow, viewer: Viewer | null, query: UserPostsQuery): Promise<UserPostsResponse> {
    const access = accessOf(profile, viewer);
    const limit = query.limit ?? USER_POSTS_PAGE_SIZE;
    const rows = await profiles.listPosts({
      ownerId: profile.id,
      access,
      limit: limit + 1,
      after: query.cursor ? decodeTimeCursor(query.cursor) : undefined,
      postType: query.post_type,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      posts: page.map((row) => toPostSummary(row, profile, access === 'owner', grants)),
      nextCursor: rows.length > limit && last ? encodeCursor([last.cursor_at, last.id]) : null,
    };
  }

  return {
    /** The profile page: the public user, counters, the first posts and the viewer's relation. */
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
        stats: { followers: profile.followers_count, following: profile.following_count, posts: profile.posts_count },
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
