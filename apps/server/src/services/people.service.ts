import { PEOPLE_SEARCH_DEFAULT_LIMIT, PEOPLE_SEARCH_MAX_LIMIT, type PeopleSearchResponse, type WagStarsResponse } from '@wag/contract/profiles';
import { visiblePostsCount } from '../access/rules.js';
import type { Clock } from '../lib/clock.js';
import { mediaUrl } from '../lib/media-url.js';
import { MEDIA_FILES } from '../media/storage.js';
import type { PeopleRepository } from '../repositories/people.repository.js';
import type { Viewer } from './auth.service.js';

export function createPeopleService({ people, clock }: { people: PeopleRepository; clock: Clock }) {
  return {
    /** People search for mentions and the search screens; an empty text finds nobody. */
    async search(q: string | undefined, limit: number | undefined, viewer: Viewer | null): Promise<PeopleSearchResponse> {
      const text = (q ?? '').trim();
      if (!text) return { users: [] };
      const capped = Math.min(Math.max(limit ?? PEOPLE_SEARCH_DEFAULT_LIMIT, 1), PEOPLE_SEARCH_MAX_LIMIT);
      const rows = await people.search(text, viewer?.userId ?? null, clock.now(), capped);
      return {
        users: rows.map((row) => ({
          id: row.id,
          username: row.username,
          full_name: row.full_name,
          avatar: mediaUrl(row.avatar_key, MEDIA_FILES.avatarSmall),
          verified: row.is_verified,
        })),
      };
    },

    async wagStars(viewer: Viewer | null): Promise<WagStarsResponse> {
      const rows = await people.featured(viewer?.userId ?? null, clock.now());
      return {
        users: rows.map((row) => ({
          id: row.id,
          username: row.username,
          fullName: row.full_name,
          bio: row.bio,
          profilePictureUrl: mediaUrl(row.avatar_key, MEDIA_FILES.avatarLarge),
          isVerified: row.is_verified,
          followers: row.followers_count,
          // As many as their grid lists to this viewer, like the profile's own count.
          posts: visiblePostsCount(row.id, row, viewer?.userId ?? null, row.is_followed_by_me),
          isFollowedByMe: viewer?.userId !== row.id && row.is_followed_by_me,
        })),
      };
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
