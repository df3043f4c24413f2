import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Comment, CommentsResponse } from '@wag/contract/posts';
import { api } from '../../../lib/api';
import { useViewerKey } from '../../../lib/viewer-key';

export type CommentSort = 'all' | 'recent';

export const commentsRoot = 'comments';
export const commentsKey = (postId: string, sort: CommentSort, viewer: string) => [commentsRoot, postId, sort, viewer] as const;

/** GET /api/posts/{id}/comments?sort=&threaded=1, page after page. */
export const commentsQuery = (postId: string, sort: CommentSort, viewer: string) =>
  infiniteQueryOptions({
    queryKey: commentsKey(postId, sort, viewer),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CommentsResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      api('comments', { params: { id: postId }, query: { sort, threaded: '1', cursor: pageParam ?? undefined } }, { signal }),
  });

export function useComments(postId: string, sort: CommentSort) {
  return useInfiniteQuery(commentsQuery(postId, sort, useViewerKey()));
}

type CommentPages = InfiniteData<CommentsResponse, string | null>;

/**
 * Puts a new comment where docs/product.md §4 says: a reply at the front of its parent's replies; a
 * top-level comment first when sorted 'recent' and last when sorted 'all' (oldest first).
 */
export function placeComment(pages: CommentPages, created: Comment, sort: CommentSort): CommentPages {
  if (created.parent_id) {
    return {
      ...pages,
      pages: pages.pages.map((page) => ({
        ...page,
        comments: page.comments.map((item) =>
          item.id === created.parent_id
            ? { ...item, replies: [created, ...item.replies], replies_count: item.replies_count + 1 }
            : item,
        ),
      })),
    };
  }
  if (sort === 'recent') {
    const [first, ...rest] = pages.pages;
    if (!first) return pages;
    return { ...pages, pages: [{ ...first, comments: [created, ...first.comments] }, ...rest] };
  }
  const lastIndex = pages.pages.length - 1;
  // With more pages to load, the oldest-first list shows the new comment when its page arrives.
  if (lastIndex < 0 || pages.pages[lastIndex]!.nextCursor) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page, index) => (index === lastIndex ? { ...page, comments: [...page.comments, created] } : page)),
  };
}

/** POST /api/posts/{id}/comments; on success the comment is placed in the cached list. */
export function useAddComment(postId: string, sort: CommentSort) {
  const queryClient = useQueryClient();
  const viewer = useViewerKey();
  return useMutation({
    mutationFn: (body: { text: string; parent_id?: string | null }) => api('addComment', { params: { id: postId }, body }),
    onSuccess: (response) => {
      const key = commentsKey(postId, sort, viewer);
      if (!response?.comment) {
        // docs/product.md §4: if no comment comes back, the list reloads.
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      queryClient.setQueryData<CommentPages>(key, (pages) => (pages ? placeComment(pages, response.comment, sort) : pages));
      void queryClient.invalidateQueries({ queryKey: [commentsRoot, postId], refetchType: 'none' });
    },
  });
}

/** Likes or unlikes a comment (POST/DELETE /api/comments/{id}/like), patching every cached list. */
export function useLikeComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, like }: { commentId: string; like: boolean }) =>
      api(like ? 'likeComment' : 'unlikeComment', { params: { id: commentId } }),
    onMutate: ({ commentId, like }) => patchCommentLike(queryClient, postId, commentId, like, undefined),
    onSuccess: (response, { commentId, like }) => patchCommentLike(queryClient, postId, commentId, like, response?.likes),
    onError: (_error, { commentId, like }) => patchCommentLike(queryClient, postId, commentId, !like, undefined),
  });
}

function patchCommentLike(
  queryClient: ReturnType<typeof useQueryClient>,
  postId: string,
  commentId: string,
  liked: boolean,
  serverCount: number | undefined,
): void {
  const patch = <T extends { id: string; isLiked: boolean; likes_count: number }>(item: T): T => {
    if (item.id !== commentId) return item;
    const likes = typeof serverCount === 'number' ? serverCount : Math.max(0, item.likes_count + (liked === item.isLiked ? 0 : liked ? 1 : -1));
    return { ...item, isLiked: liked, likes_count: likes };
  };
  queryClient.setQueriesData<CommentPages>({ queryKey: [commentsRoot, postId] }, (pages) =>
    pages
      ? {
          ...pages,
          pages: pages.pages.map((page) => ({
            ...page,
            comments: page.comments.map((item) => ({ ...patch(item), replies: item.replies.map(patch) })),
          })),
        }
      : pages,
  );
}
