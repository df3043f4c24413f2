import { Suspense } from 'react';
import { lazyScreen } from '../../lib/lazy-screen';

// The comments load when someone opens them from the quicky player, not with the screen showing it.
const CommentsPanel = lazyScreen(async () => ({ default: (await import('../../features/comments/components/comments-panel')).CommentsPanel }));

/** A post's comments for the quicky player, fetched on first use. */
export function LazyComments({ postId }: { postId: string }) {
  return (
    <Suspense fallback={null}>
      <CommentsPanel postId={postId} />
    </Suspense>
  );
}
