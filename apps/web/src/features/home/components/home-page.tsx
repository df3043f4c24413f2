import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { FeedCard } from '../../../components/posts/feed-card';
import { FollowButton } from '../../../components/social/follow-button';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { LazyQuickyPlayer } from '../../../components/quicky-player/lazy-quicky-player';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useFeed } from '../api/feed';
import { useForYou, useRestartForYou } from '../api/for-you';
import { HomeRail } from './home-rail';
import { useWagStars } from '../../../lib/queries/wag-stars';
import '../../../components/posts/feed-page.css';
import './home-page.css';
import { ApiError } from '../../../lib/api-error';
import { useStepwiseCount } from '../../../lib/stepwise';
import { useLoadMore, useLoadWhenVisible } from '../../../lib/use-load-more';

/** Featured creators to follow, shown with the discovery feed. */
function StarsToFollow() {
  const { username: me } = useSession();
  const stars = useWagStars();
  const people = (stars.data?.users ?? []).filter((star) => star.username !== me);
  if (people.length === 0) return null;
  return (
    <section className="home__stars" aria-label={t('home.starsToFollow')}>
      <h2>{t('home.starsToFollow')}</h2>
      <ul>
        {people.map((star) => (
          <li key={star.id}>
            <AppLink to={`/${encodeURIComponent(star.username)}`} className="home__star">
              <Avatar name={star.fullName || star.username} src={star.profilePictureUrl} size={56} />
              <span>{star.fullName || star.username}</span>
            </AppLink>
            <FollowButton username={star.username} isFollowing={star.isFollowedByMe} followers={star.followers} size="sm" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 'Siguiendo' ('Tu Feed'): the story row (given by the route: stories are a feature of their own),
 * then the posts of the people you follow (or a discovery feed), page after page.
 */
function FollowingFeed({ storyRow, tabs }: { storyRow: ReactNode; tabs: ReactNode }) {
  useDocumentTitle(t('home.feedTitle'));
  const { token } = useSession();
  const feed = useFeed();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const rows = useStepwiseCount('home-feed', items.length);
  // Infinite scroll: the next page loads as the end of the list comes into view, once every card of
  // the pages there is rendered (the end is then where the cards end).
  const sentinel = useLoadWhenVisible(hasNextPage && !isFetchingNextPage && rows === items.length, useLoadMore(feed));
  const discovery = feed.data?.pages[0]?.kind === 'discovery';

  return (
    <div className="feed-page" data-testid="home-following">
      <HomeRail />
      {tabs}
      {storyRow}
      {discovery ? (
        <section className="feed-page__intro">
          <h1>{t('home.discoveryTitle')}</h1>
          <p>{token ? t('home.discoveryLead') : t('home.discoveryGuest')}</p>
        </section>
      ) : (
        <h1 className="visually-hidden">{t('home.feedTitle')}</h1>
      )}
      {discovery ? <StarsToFollow /> : null}
      {feed.isPending ? (
        <p className="feed-page__status" role="status">
          {t('home.loading')}
        </p>
      ) : null}
      {feed.isError && items.length === 0 ? (
        <div className="feed-page__status" role="alert">
          <p>{t('home.failed')}</p>
          <Button variant="secondary" onClick={() => void feed.refetch()}>
            {t('home.retry')}
          </Button>
        </div>
      ) : null}
      {!feed.isPending && !feed.isError && items.length === 0 ? <p className="feed-page__status">{t('home.empty')}</p> : null}
      <div className="feed-page__cards">
        {items.slice(0, rows).map((item, index) => (
          <FeedCard key={item.id} post={item} isLiked={item.isLiked} isSaved={item.isSaved} priority={index === 0} />
        ))}
      </div>
      <div ref={sentinel} />
      {/* The list's end, once every card is there: 'Estás al día' under two cards of twelve would be untrue. */}
      {rows < items.length ? null : hasNextPage ? (
        <div className="feed-page__more">
          <Button variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {t('home.loadMore')}
          </Button>
        </div>
      ) : items.length > 0 ? (
        <p className="feed-page__status">{t('home.end')}</p>
      ) : null}
    </div>
  );
}

export type HomeTab = 'para-ti' | 'siguiendo';

/** The tab asked for in the URL (`?tab=para-ti` / `?tab=siguiendo`), or null when none is. */
export function tabFromUrl(value: string | null): HomeTab | null {
  return value === 'para-ti' || value === 'siguiendo' ? value : null;
}

/**
 * The tab the home opens on when the URL names none: 'Siguiendo' for people who follow someone,
 * 'Para ti' for guests and everyone else. For a signed-in person the first page of their feed (read
 * anyway for 'Siguiendo') says which: its kind is 'following' only when they follow someone.
 */
export function defaultTab(signedIn: boolean, feedKind: 'following' | 'discovery' | undefined): HomeTab {
  return signedIn && feedKind === 'following' ? 'siguiendo' : 'para-ti';
}

function HomeTabs({ tab, onPick, overlay }: { tab: HomeTab; onPick: (tab: HomeTab) => void; overlay?: boolean }) {
  const tabs: [HomeTab, string][] = [
    ['siguiendo', t('player.following')],
    ['para-ti', t('player.forYou')],
  ];
  return (
    <nav className={overlay ? 'home-tabs home-tabs--overlay' : 'home-tabs'} aria-label={t('player.tabsLabel')}>
      {tabs.map(([value, name]) => (
        <AppLink
          key={value}
          to={`/?tab=${value}`}
          className="home-tabs__tab"
          aria-current={tab === value ? 'page' : undefined}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onPick(value);
          }}
        >
          {name}
        </AppLink>
      ))}
    </nav>
  );
}

/** 'Para ti': the quickys ranked for the viewer on the server, in the full-screen player. */
function ForYouFeed({ tabs, Comments }: { tabs: ReactNode; Comments: ComponentType<{ postId: string }> }) {
  useDocumentTitle(t('player.forYou'));
  const forYou = useForYou(true);
  const [index, setIndex] = useState(0);
  const items = forYou.data?.pages.flatMap((page) => page.items) ?? [];
  const { hasNextPage } = forYou;
  const loadMore = useLoadMore(forYou);
  const restart = useRestartForYou();

  // A ranking the server no longer keeps (older than its lifetime, or pushed out by newer ones) is
  // refused with a 400: start over with a fresh one rather than stay stuck at the end (decision 0023).
  const lost = forYou.isFetchNextPageError && forYou.error instanceof ApiError && forYou.error.status === 400;
  useEffect(() => {
    if (!lost) return;
    setIndex(0);
    restart();
  }, [lost, restart]);

  let empty: ReactNode;
  if (forYou.isPending) empty = <p role="status">{t('player.loading')}</p>;
  else if (forYou.isError) {
    empty = (
      <div role="alert">
        <p>{t('player.failed')}</p>
        <Button variant="secondary" onClick={() => void forYou.refetch()}>
          {t('player.retry')}
        </Button>
      </div>
    );
  } else empty = <p>{t('player.empty')}</p>;

  return (
    <div className="home-for-you" data-testid="home-for-you">
      <h1 className="visually-hidden">{t('player.forYou')}</h1>
      <LazyQuickyPlayer
        variant="inline"
        label={t('player.label')}
        items={items}
        index={index}
        onIndexChange={setIndex}
        hasMore={hasNextPage}
        loadMore={loadMore}
        Comments={Comments}
        top={tabs}
        empty={empty}
      />
    </div>
  );
}

/**
 * '/': two tabs, 'Para ti' (the quicky player) and 'Siguiendo' (the feed of the people you follow).
 * The tab is in the URL, so going back and reloading keep it.
 */
export function HomePage({ storyRow, Comments }: { storyRow: ReactNode; Comments: ComponentType<{ postId: string }> }) {
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const asked = tabFromUrl(params.get('tab'));
  // A signed-in person with no tab in the URL: their feed's first page decides (and is 'Siguiendo').
  const feed = useFeed(asked === 'siguiendo' || (asked === null && token !== null));
  const decided = asked ?? (token && feed.isPending ? null : defaultTab(token !== null, feed.data?.pages[0]?.kind));
  const pick = useCallback((tab: HomeTab) => setParams({ tab }), [setParams]);

  if (decided === null) {
    return (
      <p className="feed-page__status" role="status">
        {t('home.loading')}
      </p>
    );
  }
  return (
    <div className="home" data-testid="home-feed" data-tab={decided}>
      {decided === 'para-ti' ? (
        <ForYouFeed tabs={<HomeTabs tab={decided} onPick={pick} overlay />} Comments={Comments} />
      ) : (
        <FollowingFeed storyRow={storyRow} tabs={<HomeTabs tab={decided} onPick={pick} />} />
      )}
    </div>
  );
}
