import { useQueryClient } from '@tanstack/react-query';
import type { LikeResponse } from '@wag/contract/posts';
import { api } from './api';
import { useSendToLogin } from './login-return';
import { useSession } from './session';
import { postShadows } from './shadows';
import { createQueueRegistry, createToggleQueue } from './toggle-queue';

/**
 * Liking and saving a post, from any screen (feed card, post page, quicky player): the screen changes
 * at once everywhere the post is shown (lib/shadows), taps made while a request is on its way count
 * as the last intent (lib/toggle-queue), and guests go to /login.
 */

const likeQueues = createQueueRegistry();
const LIKE_FACETS = ['isLiked', 'likes'] as const;
const saveQueues = createQueueRegistry();

/** docs/product.md §4: the like count moves by one, never below zero, until the server gives its number. */
const shifted = (likes: number, on: boolean, wasOn: boolean) => Math.max(0, likes + (on === wasOn ? 0 : on ? 1 : -1));

export function usePostLike(post: { id: string; isLiked: boolean; likes: number }) {
  const { token } = useSession();
  const sendToLogin = useSendToLogin();
  const queryClient = useQueryClient();
  const shown = postShadows.useFacets(post.id, { isLiked: post.isLiked, likes: post.likes });

  const toggle = () => {
    if (!token) {
      sendToLogin();
      return;
    }
    const on = !shown.isLiked;
    postShadows.setShadow(post.id, { isLiked: on, likes: shifted(shown.likes, on, shown.isLiked) });
    likeQueues
      .get(post.id, () =>
        createToggleQueue<LikeResponse>({
          initial: post.isLiked,
          send: (like) => api(like ? 'likePost' : 'unlikePost', { params: { id: post.id } }),
          settled: (answer, like) => {
            postShadows.write(queryClient, post.id, (facets) => ({
              ...facets,
              isLiked: like,
              likes: typeof answer?.likes === 'number' ? answer.likes : shifted(facets.likes ?? 0, like, facets.isLiked ?? !like),
            }));
            postShadows.liftShadow(post.id, LIKE_FACETS);
          },
          failed: () => postShadows.liftShadow(post.id, LIKE_FACETS),
        }),
      )
      .want(on);
  };

  return { isLiked: shown.isLiked, likes: shown.likes, toggle };
}

/** Save / unsave; returns what the tap asked for (for the toast), or null for a guest sent to /login. */
export function usePostSave(post: { id: string; isSaved: boolean }) {
  const { token } = useSession();
  const sendToLogin = useSendToLogin();
  const queryClient = useQueryClient();
  const shown = postShadows.useFacets(post.id, { isSaved: post.isSaved });

  const toggle = (): boolean | null => {
    if (!token) {
      sendToLogin();
      return null;
    }
    const on = !shown.isSaved;
    postShadows.setShadow(post.id, { isSaved: on });
    saveQueues
      .get(post.id, () =>
        createToggleQueue({
          initial: post.isSaved,
          send: (save) => api(save ? 'savePost' : 'unsavePost', { params: { id: post.id } }),
          settled: (_answer, save) => {
            postShadows.write(queryClient, post.id, (facets) => ({ ...facets, isSaved: save }));
            postShadows.liftShadow(post.id, ['isSaved']);
            // The saved list itself gains or loses the post: read it again when it is next shown.
            void queryClient.invalidateQueries({ queryKey: ['saved'] });
          },
          failed: () => postShadows.liftShadow(post.id, ['isSaved']),
        }),
      )
      .want(on);
    return on;
  };

  return { isSaved: shown.isSaved, toggle };
}
