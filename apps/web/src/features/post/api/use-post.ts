import { useMutation, useQuery } from '@tanstack/react-query';
import type { PostDetail } from '@wag/contract/posts';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { isVideoPost } from '../../../components/posts/post-media';
import { postQuery } from '../../../lib/queries/post';
import { useSession } from '../../../lib/session';
import { useViewerKey } from '../../../lib/viewer-key';

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
    if (isVideoPost(post)) return;
    sent.current = post.id;
    void api('viewPost', { params: { id: post.id } }).catch(() => undefined);
  }, [post, token]);
}

/** DELETE /api/posts/{id}: the owner removes a post (the page then leaves it). */
export function useDeletePost() {
  return useMutation({ mutationFn: (id: string) => api('deletePost', { params: { id } }) });
}
