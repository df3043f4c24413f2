import { queryOptions } from '@tanstack/react-query';
import type { PostResponse } from '@wag/contract/posts';
import { api } from '../api';
import { ApiError } from '../api-error';
import { startEarly, takeEarly } from '../early';
import { patchFields, personShadows, postShadows } from '../shadows';

/**
 * One post by its slug (GET /api/posts/slug/{slug}), one cache entry for every screen that reads it:
 * the post and quicky pages and the quicky player's rail (which needs what only the detail has:
 * whether the viewer likes, saves, follows the author, whether it is their own).
 */
const postRoot = 'post';
const postKey = (slug: string, viewer: string) => [postRoot, slug, viewer] as const;

// A post page shows the post's likes and save, and whether the viewer follows its author; both change
// from other screens too (lib/shadows).
postShadows.register({
  queryKey: [postRoot],
  update: (data, id, patch) => {
    const response = data as PostResponse;
    if (response.post?.id !== id) return data;
    const post = patchFields(response.post, { isLiked: 'isLiked', likes: 'likes', isSaved: 'isSaved' }, patch);
    return post === response.post ? data : { ...response, post };
  },
});
personShadows.register({
  queryKey: [postRoot],
  update: (data, username, patch) => {
    const response = data as PostResponse;
    if (response.post?.user.username.toLowerCase() !== username) return data;
    const next = patch({ isFollowing: response.post.isFollowingAuthor, fullName: response.post.user.full_name, picture: response.post.user.picture });
    return {
      ...response,
      post: {
        ...response.post,
        isFollowingAuthor: next.isFollowing ?? response.post.isFollowingAuthor,
        user: {
          ...response.post.user,
          full_name: next.fullName === undefined ? response.post.user.full_name : next.fullName,
          picture: next.picture === undefined ? response.post.user.picture : next.picture,
        },
      },
    };
  },
});

/** GET /api/posts/slug/{slug}. A 404 is not retried. */
export const postQuery = (slug: string, viewer: string) =>
  queryOptions({
    queryKey: postKey(slug, viewer),
    queryFn: ({ signal }) => takeEarly<PostResponse>(earlyKey(slug, viewer)) ?? api('postBySlug', { params: { slug } }, { signal }),
    select: (response) => response.post,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

const earlyKey = (slug: string, viewer: string) => `post:${slug}:${viewer}`;

/** Asks for a post before the app renders (lib/early.ts, app/early-start.ts): the post page's first fetch takes it. */
export function startPostEarly(slug: string, viewer: string): Promise<PostResponse> {
  return startEarly(earlyKey(slug, viewer), () => api('postBySlug', { params: { slug } }));
}
