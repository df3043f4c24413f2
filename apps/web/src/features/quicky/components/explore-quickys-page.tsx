import { useInfiniteQuery } from '@tanstack/react-query';
import type { QuickysResponse } from '@wag/contract/posts';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { apiRequest } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { QuickyGrid } from '../../profile/components/post-grid';
import '../../profile/components/profile.css';
import './quicky.css';

/** /quickys: every public quicky, newest first, 9:16 tiles with their posters, page after page. */
export function ExploreQuickysPage() {
  useDocumentTitle(t('quickys.title'));
  const quickys = useInfiniteQuery({
    queryKey: ['explore-quickys'],
    initialPageParam: null as string | null,
    getNextPageParam: (last: QuickysResponse) => last.nextCursor,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<QuickysResponse>(`/api/quickys${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
  });
  const items = quickys.data?.pages.flatMap((page) => page.quickys) ?? [];

  let body;
  if (quickys.isPending) body = <p className="post-status" role="status">{t('quickys.loading')}</p>;
  else if (quickys.isError && items.length === 0) {
    body = (
      <div className="post-status" role="alert">
        <p>{t('quickys.failed')}</p>
        <Button variant="secondary" onClick={() => void quickys.refetch()}>
          {t('quickys.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) body = <p className="post-status">{t('quickys.empty')}</p>;
  else body = <QuickyGrid posts={items} />;

  return (
    <section className="explore-quickys">
      <header className="explore-quickys__head">
        <span className="explore-quickys__icon" aria-hidden="true">
          <Icon name="quickys" size={24} />
        </span>
        <div>
          <h1>{t('quickys.title')}</h1>
          <p>{t('quickys.subtitle')}</p>
        </div>
      </header>
      {body}
      {quickys.hasNextPage ? (
        <div className="explore-quickys__more">
          <Button variant="secondary" disabled={quickys.isFetchingNextPage} onClick={() => void quickys.fetchNextPage()}>
            {t('quickys.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
