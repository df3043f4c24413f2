import { FeedCard } from '../../../components/posts/feed-card';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useSaved } from '../api/saved';
import '../../../components/posts/feed-page.css';

/** /saved: the posts the viewer saved, most recent first (only posts they may still see). */
export function SavedPage() {
  useDocumentTitle(t('saved.title'));
  const saved = useSaved();
  const items = saved.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="feed-page" data-testid="saved-page">
      <section className="feed-page__intro">
        <h1>{t('saved.title')}</h1>
        <p>{t('saved.subtitle')}</p>
      </section>
      {saved.isPending ? <p className="feed-page__status">{t('saved.loading')}</p> : null}
      {saved.isError ? <p className="feed-page__status" role="alert">{t('saved.failed')}</p> : null}
      {!saved.isPending && !saved.isError && items.length === 0 ? <p className="feed-page__status">{t('saved.empty')}</p> : null}
      <div className="feed-page__cards">
        {items.map((item) => (
          <FeedCard key={item.id} post={item} isLiked={item.isLiked} isSaved={item.isSaved} />
        ))}
      </div>
      {saved.hasNextPage ? (
        <div className="feed-page__more">
          <Button variant="secondary" disabled={saved.isFetchingNextPage} onClick={() => void saved.fetchNextPage()}>
            {t('saved.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
