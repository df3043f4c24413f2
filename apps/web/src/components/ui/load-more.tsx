import { t } from '../../lib/i18n';
import { Button } from './button';
import './load-more.css';

/** 'Cargar más' under a list read page by page (a TanStack infinite query's state). */
export function LoadMore({ list }: { list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> } }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="load-more">
      <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {t('app.loadMore')}
      </Button>
    </div>
  );
}
