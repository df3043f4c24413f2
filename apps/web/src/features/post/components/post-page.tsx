import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useMediaQuery } from '../../../lib/use-media-query';
import { usePost, useRegisterView } from '../api/use-post';
import { PostMedia } from './post-media';
import { PostRail, type PostComments } from './post-rail';
import './post.css';

/** Wide screens get the side rail with the comments; small ones the bottom sheet. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';

function BackButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="post-back"
      onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
      aria-label={t('post.back')}
    >
      <Icon name="arrowLeft" size={22} />
    </button>
  );
}

/** Not found, or not for this viewer: both look the same (docs/product.md §2 "Post no encontrado"). */
export function PostNotFound({ title, body }: { title: string; body: string }) {
  const navigate = useNavigate();
  return (
    <div className="post-missing" role="alert">
      <Icon name="alert" size={36} />
      <h1>{title}</h1>
      <p>{body}</p>
      <Button variant="secondary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
        {t('post.back')}
      </Button>
    </div>
  );
}

/** /post/{slug}: docs/product.md §2 "Post detail". */
export function PostPage({ Comments }: { Comments: PostComments }) {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  const openComments = useCallback(() => setSheetOpen(true), []);
  const closeComments = useCallback(() => setSheetOpen(false), []);
  useRegisterView(post.data);
  useDocumentTitle(post.data ? t('post.documentTitle', { username: post.data.user.username }) : null);

  if (post.isPending) {
    return (
      <p className="page-status" role="status">
        {t('post.loading')}
      </p>
    );
  }
  if (post.isError || !post.data) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return <PostNotFound title={t('post.notFoundTitle')} body={missing ? t('post.notFoundBody') : t('post.loadFailed')} />;
  }

  const data = post.data;
  const canComment = !data.locked && data.status === 'ready';
  return (
    <article className="post-page" data-testid="post-page">
      <div className="post-page__bar">
        <BackButton />
      </div>
      <div className="post-page__layout">
        <div className="post-page__media">
          <PostMedia post={data} />
          {!wide && canComment ? (
            <button type="button" className="post-page__media-hit" aria-label={t('post.viewComments')} onClick={openComments} />
          ) : null}
        </div>
        <PostRail post={data} Comments={Comments} wide={wide} sheetOpen={sheetOpen} onOpenSheet={openComments} onCloseSheet={closeComments} className="post-page__rail" />
      </div>
    </article>
  );
}

