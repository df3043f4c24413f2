import type { PostDetail } from '@wag/contract/posts';
import { useRef, type ComponentType } from 'react';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { Caption } from '../../../components/posts/caption';
import { PostActions, PostAuthor } from './post-parts';
import { ModerationNotice } from '../../../components/posts/moderation-notice';

/** A post's comments, given by the page's route (comments are a feature of their own). */
export type PostComments = ComponentType<{ postId: string }>;

interface PostRailProps {
  post: PostDetail;
  Comments: PostComments;
  /** Wide screens show the comments in the rail; small ones open them in the bottom sheet. */
  wide: boolean;
  sheetOpen: boolean;
  onOpenSheet: () => void;
  onCloseSheet: () => void;
  className: string;
}

/** The part of a post or quicky page beside its media: author, caption, counts, actions and comments. */
export function PostRail({ post, Comments, wide, sheetOpen, onOpenSheet, onCloseSheet, className }: PostRailProps) {
  const rail = useRef<HTMLElement>(null);
  const canComment = !post.locked && post.status === 'ready';
  const focusComposer = () => rail.current?.querySelector<HTMLInputElement>('.comments__input')?.focus();
  return (
    <>
      <aside className={className} ref={rail}>
        <PostAuthor post={post} />
        {post.moderation ? <ModerationNotice mark={post.moderation} /> : null}
        <Caption title={post.title} text={post.body} />
        <PostActions post={post} onComment={wide ? focusComposer : onOpenSheet} />
        {canComment && wide ? (
          <div className="post-page__comments">
            <Comments postId={post.id} />
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
          <Comments postId={post.id} />
        </BottomSheet>
      ) : null}
    </>
  );
}
