import type { Comment, CommentReply } from '@wag/contract/posts';
import { useId, useState, type FormEvent } from 'react';
import { AppLink } from '../../../lib/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { MentionTextarea } from '../../../components/ui/mention-textarea';
import { RichText } from '../../../components/ui/rich-text';
import { useToast } from '../../../components/ui/toast';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { errorText } from '../../../lib/api-error';
import { commentAge } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useSendToLogin } from '../../../lib/login-return';
import { useSession } from '../../../lib/session';
import { mentionSuggestionsQuery } from '../api/mention-suggestions';
import { useAddComment, useComments, useLikeComment, type CommentSort } from '../api/use-comments';
import './comments.css';

interface ReplyTarget {
  /** The top-level comment the reply joins (one level of replies). */
  parentId: string;
  username: string;
}

function CommentItem({
  comment,
  onReply,
  onLike,
}: {
  comment: CommentReply;
  onReply: (comment: CommentReply) => void;
  onLike: (comment: CommentReply) => void;
}) {
  const { username } = useSession();
  const mine = username !== null && username.toLowerCase() === comment.user.username.toLowerCase();
  return (
    <div className="comment" data-testid="comment">
      <AppLink to={`/${encodeURIComponent(comment.user.username)}`} className="comment__avatar" aria-hidden="true" tabIndex={-1}>
        <Avatar name={comment.user.full_name || comment.user.username} src={comment.user.picture} size={32} />
      </AppLink>
      <div className="comment__body">
        <p className="comment__text">
          <AppLink to={`/${encodeURIComponent(comment.user.username)}`} className="comment__author">
            {comment.user.username}
          </AppLink>
          {comment.user.isVerified ? <VerifiedBadge size={14} /> : null} <RichText text={comment.text} />
        </p>
        <div className="comment__meta">
          <time dateTime={comment.created_at}>{commentAge(comment.created_at)}</time>
          {comment.likes_count > 0 ? <span>{t('comments.likes', { count: comment.likes_count })}</span> : null}
          <button type="button" className="comment__action" onClick={() => onReply(comment)}>
            {t('comments.reply')}
          </button>
          {mine ? null : (
            <AppLink to={`/report/comment/${encodeURIComponent(comment.id)}`} className="comment__action" data-testid="report-comment">
              {t('moreMenu.report')}
            </AppLink>
          )}
        </div>
      </div>
      <button
        type="button"
        className={comment.isLiked ? 'comment__like comment__like--on' : 'comment__like'}
        aria-pressed={comment.isLiked}
        aria-label={t('comments.like')}
        onClick={() => onLike(comment)}
      >
        <Icon name="heart" size={16} />
      </button>
    </div>
  );
}

/**
 * The comments of a post or quicky (docs/product.md §2 and §4): sort tabs Todos / Más recientes, one level
 * of replies, reply mode with the @mention prefilled, mention suggestions, comment likes.
 */
export function CommentsPanel({ postId, onCommented }: { postId: string; onCommented?: () => void }) {
  const [sort, setSort] = useState<CommentSort>('all');
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const inputId = useId();
  const sendToLogin = useSendToLogin();
  const toast = useToast();
  const { token } = useSession();
  const comments = useComments(postId, sort);
  const add = useAddComment(postId, sort);
  const like = useLikeComment(postId);
  const [liking, setLiking] = useState<ReadonlySet<string>>(new Set());

  const all: Comment[] = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  const requireLogin = () => {
    sendToLogin();
  };

  const startReply = (target: CommentReply) => {
    if (!token) return requireLogin();
    setReplyTo({ parentId: target.parent_id ?? target.id, username: target.user.username });
    setText(`@${target.user.username} `);
    window.requestAnimationFrame(() => document.getElementById(inputId)?.focus());
  };

  const toggleLike = (target: CommentReply) => {
    if (!token) return requireLogin();
    if (liking.has(target.id)) return;
    setLiking((current) => new Set(current).add(target.id));
    like.mutate(
      { commentId: target.id, like: !target.isLiked },
      {
        onSettled: () =>
          setLiking((current) => {
            const next = new Set(current);
            next.delete(target.id);
            return next;
          }),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body || add.isPending) return;
    add.mutate(
      { text: body, parent_id: replyTo?.parentId ?? null },
      {
        onSuccess: () => {
          setText('');
          setReplyTo(null);
          onCommented?.();
        },
        onError: (error) => toast(errorText(error, t('comments.failed')), 'error'),
      },
    );
  };

  let list;
  if (comments.isPending) {
    list = <p className="comments__status">{t('comments.loading')}</p>;
  } else if (all.length === 0) {
    list = <p className="comments__status">{t('comments.empty')}</p>;
  } else {
    list = (
      <ul className="comments__list">
        {all.map((item) => (
          <li key={item.id}>
            <CommentItem comment={item} onReply={startReply} onLike={toggleLike} />
            {item.replies.length > 0 ? (
              <ul className="comments__replies">
                {item.replies.map((reply) => (
                  <li key={reply.id}>
                    <CommentItem comment={reply} onReply={startReply} onLike={toggleLike} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="comments" aria-label={t('post.commentsTitle')}>
      <div className="comments__tabs" role="tablist" aria-label={t('comments.sortLabel')}>
        {(['all', 'recent'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={sort === value}
            className={sort === value ? 'comments__tab comments__tab--on' : 'comments__tab'}
            onClick={() => setSort(value)}
          >
            {value === 'all' ? t('comments.sortAll') : t('comments.sortRecent')}
          </button>
        ))}
      </div>
      <div className="comments__scroll">
        {list}
        {comments.hasNextPage ? (
          <Button variant="ghost" block disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
            {t('comments.loadMore')}
          </Button>
        ) : null}
      </div>
      {token ? (
        <form className="comments__composer" onSubmit={submit}>
          {replyTo ? (
            <p className="comments__replying">
              {t('comments.replyingTo', { username: replyTo.username })} ·{' '}
              <button
                type="button"
                className="comment__action"
                onClick={() => {
                  setReplyTo(null);
                  setText('');
                }}
              >
                {t('comments.cancel')}
              </button>
            </p>
          ) : null}
          <div className="comments__row">
            <MentionTextarea
              id={inputId}
              value={text}
              onValueChange={setText}
              suggestions={mentionSuggestionsQuery}
              multiline={false}
              placement="above"
              className="comments__input"
              placeholder={replyTo ? t('comments.replyPlaceholder', { username: replyTo.username }) : t('comments.placeholder')}
              aria-label={t('comments.placeholder')}
              maxLength={1000}
            />
            <Button type="submit" variant="primary" disabled={!text.trim() || add.isPending}>
              {add.isPending ? t('comments.sending') : t('comments.send')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="comments__composer">
          <Button variant="secondary" block onClick={requireLogin}>
            {t('comments.loginToComment')}
          </Button>
        </div>
      )}
    </section>
  );
}
