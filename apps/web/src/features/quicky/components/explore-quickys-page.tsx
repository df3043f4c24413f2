import type { PostSummary } from '@wag/contract/profiles';
import { useCallback, type ComponentType } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LazyQuickyPlayer } from '../../../components/quicky-player/lazy-quicky-player';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useExploreQuickys } from '../api/explore';
import { usePlayQuicky } from '../api/play';
import { QuickyGrid } from '../../../components/posts/post-grid';
import './explore-quickys.css';
import { useLoadMore } from '../../../lib/use-load-more';

/** History state of a player opened from a tile: going back then closes it. */
interface PlayerState {
  playerFromList?: boolean;
}

/**
 * /quickys: every public quicky, newest first, 9:16 tiles with their posters, page after page. A tap
 * on a tile opens the quicky player over the list at `/quickys?play={slug}` (a link that can be
 * shared; the back button closes it); the URL follows the quicky on screen.
 */
export function ExploreQuickysPage({ Comments }: { Comments: ComponentType<{ postId: string }> }) {
  useDocumentTitle(t('quickys.title'));
  const quickys = useExploreQuickys();
  const items = quickys.data?.pages.flatMap((page) => page.quickys) ?? [];
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const play = params.get('play');
  const listed = play ? items.findIndex((item) => item.slug === play) : -1;
  // A shared link or a reload names a quicky that may not be among the loaded tiles: read it alone.
  const single = usePlayQuicky(play ?? '', Boolean(play) && !quickys.isPending && listed < 0);
  const playerItems: PostSummary[] = listed >= 0 ? items : single.data ? [single.data, ...items.filter((item) => item.id !== single.data.id)] : [];
  const index = listed >= 0 ? listed : 0;
  const fromList = (location.state as PlayerState | null)?.playerFromList === true;

  const open = (post: PostSummary) => navigate(`/quickys?play=${encodeURIComponent(post.slug)}`, { state: { playerFromList: true } satisfies PlayerState });
  const close = useCallback(() => {
    if (fromList) navigate(-1);
    else setParams({}, { replace: true });
  }, [fromList, navigate, setParams]);
  const move = (next: number) => {
    const target = playerItems[next];
    if (target) setParams({ play: target.slug }, { replace: true, state: location.state });
  };
  const loadMore = useLoadMore(quickys);

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
  else body = <QuickyGrid posts={items} onOpen={open} />;

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
      {play && (listed >= 0 || single.data || single.isError) ? (
        <LazyQuickyPlayer
          variant="overlay"
          label={t('player.exploreLabel')}
          items={playerItems}
          index={index}
          onIndexChange={move}
          hasMore={quickys.hasNextPage}
          loadMore={loadMore}
          Comments={Comments}
          onClose={close}
          empty={<p>{t('quicky.loadFailed')}</p>}
        />
      ) : null}
    </section>
  );
}
