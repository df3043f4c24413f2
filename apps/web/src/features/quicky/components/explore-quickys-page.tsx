import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useExploreQuickys } from '../api/explore';
import { QuickyGrid } from '../../../components/posts/post-grid';
import './explore-quickys.css';

/** /quickys: every public quicky, newest first, 9:16 tiles with their posters, page after page. */
export function ExploreQuickysPage() {
  useDocumentTitle(t('quickys.title'));
  const quickys = useExploreQuickys();
  const items = quickys.data?.pages.flatMap((page) => page.quickys) ?? [];

  let body;
  if (quickys.isPending) body = <p className="page-status" role="status">{t('quickys.loading')}</p>;
  else if (quickys.isError && items.length === 0) {
    body = (
      <div className="page-status" role="alert">
        <p>{t('quickys.failed')}</p>
        <Button variant="secondary" onClick={() => void quickys.refetch()}>
          {t('quickys.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) body = <p className="page-status">{t('quickys.empty')}</p>;
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
