import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LikeResponse, PostDetail, PostResponse } from '@wag/contract/posts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useViewerKey } from '../../../lib/social-cache';

export const postRoot = 'post';
export const postKey = (slug: string, viewer: string) => [postRoot, slug, viewer] as const;

/** GET /api/posts/slug/{slug}. A 404 is not retried. */
export function usePost(slug: string) {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: postKey(slug, viewer),
    queryFn: ({ signal }) => apiRequest<PostResponse>(`/api/posts/slug/${encodeURIComponent(slug)}`, { signal }),
    select: (response) => response.post,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

/** POST /api/posts/{id}/view once per post per page visit, for signed-in viewers (fire and forget). */
export function useRegisterView(post: Pick<PostDetail, 'id' | 'locked' | 'status'> | undefined) {
  const { token } = useSession();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!post || !token || post.locked || post.status !== 'ready' || sent.current === post.id) return;
    sent.current = post.id;
    void apiRequest(`/api/posts/${encodeURIComponent(post.id)}/view`, { method: 'POST' }).catch(() => undefined);
  }, [post, token]);
}

/**
 * The like button of a post (product.md §4): toggles at once with an in-flight lock, count +1/-1 never
 * below zero (the server's number when it answers); guests go to /login.
 */
export function usePostLike(post: Pick<PostDetail, 'id' | 'isLiked' | 'likes'>) {
  const { token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState({ id: post.id, isLiked: post.isLiked, likes: post.likes });
  const current = state.id === post.id ? state : { id: post.id, isLiked: post.isLiked, likes: post.likes };
  const mutation = useMutation({
    mutationFn: (like: boolean) =>
      apiRequest<LikeResponse>(`/api/posts/${encodeURIComponent(post.id)}/like`, { method: like ? 'POST' : 'DELETE' }),
    onSuccess: (response, like) => {
      if (typeof response?.likes === 'number') setState({ id: post.id, isLiked: like, likes: response.likes });
      void queryClient.invalidateQueries({ queryKey: [postRoot], refetchType: 'none' });
    },
    onError: (_error, like) => setState((before) => ({ id: post.id, isLiked: !like, likes: Math.max(0, before.likes + (like ? -1 : 1)) })),
  });

  const toggle = () => {
    if (!token) {
      navigate('/login');
      return;
    }
    if (mutation.isPending) return;
    const like = !current.isLiked;
    setState({ id: post.id, isLiked: like, likes: Math.max(0, current.likes + (like ? 1 : -1)) });
    mutation.mutate(like);
  };

  return { isLiked: current.isLiked, likes: current.likes, toggle, isPending: mutation.isPending };
}

/** Save / unsave (POST or DELETE /api/posts/{id}/save) with an in-flight lock; guests go to /login. */
export function useSavePost(post: { id: string; isSaved: boolean }) {
  const { token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState({ id: post.id, isSaved: post.isSaved });
  const current = state.id === post.id ? state : { id: post.id, isSaved: post.isSaved };
  const mutation = useMutation({
    mutationFn: (save: boolean) => apiRequest(`/api/posts/${encodeURIComponent(post.id)}/save`, { method: save ? 'POST' : 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['saved'] }),
    onError: (_error, save) => setState({ id: post.id, isSaved: !save }),
  });
  const toggle = () => {
    if (!token) {
      navigate('/login');
      return false;
    }
    if (mutation.isPending) return current.isSaved;
    const save = !current.isSaved;
    setState({ id: post.id, isSaved: save });
    mutation.mutate(save);
    return save;
  };
  return { isSaved: current.isSaved, toggle, isPending: mutation.isPending };
}
