import type { PostDetail } from '@wag/contract/posts';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n';
import { CommentsPanel } from '../../comments/components/comments-panel';
import { BottomSheet } from './bottom-sheet';
import { Caption, PostActions, PostAuthor } from './post-parts';

interface PostRailProps {
  post: PostDetail;
  /** Wide screens show the comments in the rail; small ones open them in the bottom sheet. */
  wide: boolean;
  sheetOpen: boolean;
  onOpenSheet: () => void;
  onCloseSheet: () => void;
  className: string;
}

/** The part of a post or quicky page beside its media: author, caption, counts, actions and comments. */
export function PostRail({ post, wide, sheetOpen, onOpenSheet, onCloseSheet, className }: PostRailProps) {
  const rail = useRef<HTMLElement>(null);
  const canComment = !post.locked && post.status === 'ready';
  const focusComposer = () => rail.current?.querySelector<HTMLInputElement>('.comments__input')?.focus();
  return (
    <>
      <aside className={className} ref={rail}>
        <PostAuthor post={post} />
        <Caption title={post.title} text={post.body} />
        <PostActions post={post} onComment={wide ? focusComposer : onOpenSheet} />
        {canComment && wide ? (
          <div className="post-page__comments">
            <CommentsPanel postId={post.id} />
          </div>
        ) : null}
        {canComment && !wide ? (
          <Button variant="secondary" block onClick={onOpenSheet}>
            {t('post.viewComments')} ({post.comments})
          </Button>
        ) : null}
      </aside>
      {sheetOpen && !wide ? (
        <BottomSheet title={t('post.commentsTitle')} onClose={onCloseSheet}>
          <CommentsPanel postId={post.id} />
        </BottomSheet>
      ) : null}
    </>
  );
}
