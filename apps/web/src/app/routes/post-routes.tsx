import { CommentsPanel } from '../../features/comments/components/comments-panel';
import { PostPage } from '../../features/post/components/post-page';
import { QuickyPage } from '../../features/post/components/quicky-page';

/** /post/{slug} with its comments: the two features meet here, not in each other. */
export function PostRoute() {
  return <PostPage Comments={CommentsPanel} />;
}

/** /quicky/{slug} with its comments. */
export function QuickyRoute() {
  return <QuickyPage Comments={CommentsPanel} />;
}
