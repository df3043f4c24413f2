import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostResponse } from '@wag/contract/posts';
import { api } from '../api';
import { patchFields, personShadows, postShadows } from '../shadows';
import { useViewerKey } from '../viewer-key';

/**
 * The quicky player's reading of the item on screen (GET /api/posts/slug/{slug}): lists give a summary,
 * the player's rail needs what only the detail has (whether the viewer likes, saves, follows the author,
 * whether it is their own). Likes, saves and follows made anywhere reach it through lib/shadows.
 */
const playerPostRoot = 'player-post';

postShadows.register({
  queryKey: [playerPostRoot],
  update: (data, id, patch) => {
    const response = data as PostResponse;
    if (response.post?.id !== id) return data;
    const post = patchFields(response.post, { isLiked: 'isLiked', likes: 'likes', isSaved: 'isSaved' }, patch);
    return post === response.post ? data : { ...response, post };
  },
});
personShadows.register({
  queryKey: [playerPostRoot],
  update: (data, username, patch) => {
    const response = data as PostResponse;
    if (response.post?.user.username.toLowerCase() !== username) return data;
    const next = patch({ isFollowing: response.post.isFollowingAuthor });
    const isFollowingAuthor = next.isFollowing ?? response.post.isFollowingAuthor;
    return isFollowingAuthor === response.post.isFollowingAuthor ? data : { ...response, post: { ...response.post, isFollowingAuthor } };
  },
});

export const playerPostQuery = (slug: string, viewer: string) =>
  queryOptions({
    queryKey: [playerPostRoot, slug, viewer],
    staleTime: 60_000,
    retry: false,
    queryFn: ({ signal }) => api('postBySlug', { params: { slug } }, { signal }),
    select: (response) => response.post,
  });

export function usePlayerPost(slug: string, enabled: boolean) {
  return useQuery({ ...playerPostQuery(slug, useViewerKey()), enabled });
}
