import { useInfiniteQuery } from '@tanstack/react-query';
import type { SavedResponse } from '@wag/contract/posts';
import { FeedCard } from '../../../components/posts/feed-card';
import { Button } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import '../../home/components/home-page.css';

/** /saved: the posts the viewer saved, most recent first (only posts they may still see). */
export function SavedPage() {
  useDocumentTitle(t('saved.title'));
  const saved = useInfiniteQuery({
    queryKey: ['saved'],
    initialPageParam: null as string | null,
    getNextPageParam: (last: SavedResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) => apiRequest<SavedResponse>(`/api/saved${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
  });
  const items = saved.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="home" data-testid="saved-page">
      <section className="home__intro">
        <h1>{t('saved.title')}</h1>
        <p>{t('saved.subtitle')}</p>
      </section>
      {saved.isPending ? <p className="home__status">{t('saved.loading')}</p> : null}
      {saved.isError ? <p className="home__status" role="alert">{t('saved.failed')}</p> : null}
      {!saved.isPending && !saved.isError && items.length === 0 ? <p className="home__status">{t('saved.empty')}</p> : null}
      <div className="home__cards">
        {items.map((item) => (
          <FeedCard key={item.id} post={item} isLiked={item.isLiked} isSaved={item.isSaved} />
        ))}
      </div>
      {saved.hasNextPage ? (
        <div className="home__more">
          <Button variant="secondary" disabled={saved.isFetchingNextPage} onClick={() => void saved.fetchNextPage()}>
            {t('saved.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
