import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PostDetail, PostResponse } from '@wag/contract/posts';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { patchFields, personShadows, postShadows } from '../../../lib/shadows';
import { useSession } from '../../../lib/session';
import { useViewerKey } from '../../../lib/viewer-key';

export const postRoot = 'post';
export const postKey = (slug: string, viewer: string) => [postRoot, slug, viewer] as const;

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
    queryFn: ({ signal }) => api('postBySlug', { params: { slug } }, { signal }),
    select: (response) => response.post,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export function usePost(slug: string) {
  return useQuery(postQuery(slug, useViewerKey()));
}

/**
 * POST /api/posts/{id}/view once per post per page visit, for signed-in viewers (fire and forget), for
 * photos: a video counts only once it has played a real share of its length (lib/video-views).
 */
export function useRegisterView(post: Pick<PostDetail, 'id' | 'locked' | 'status' | 'media_type' | 'post_type'> | undefined) {
  const { token } = useSession();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!post || !token || post.locked || post.status !== 'ready' || sent.current === post.id) return;
    if (post.media_type === 'video' || post.post_type === 'quicky') return;
    sent.current = post.id;
    void api('viewPost', { params: { id: post.id } }).catch(() => undefined);
  }, [post, token]);
}

/** DELETE /api/posts/{id}: the owner removes a post (the page then leaves it). */
export function useDeletePost() {
  return useMutation({ mutationFn: (id: string) => api('deletePost', { params: { id } }) });
}
