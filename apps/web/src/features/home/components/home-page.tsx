import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FeedCard } from '../../../components/posts/feed-card';
import { FollowButton } from '../../../components/social/follow-button';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useFeed } from '../api/feed';
import { HomeRail } from './home-rail';
import { useWagStars } from '../../../lib/queries/wag-stars';
import '../../../components/posts/feed-page.css';
import './home-page.css';

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
            <Link to={`/${encodeURIComponent(star.username)}`} className="home__star">
              <Avatar name={star.fullName || star.username} src={star.profilePictureUrl} size={56} />
              <span>{star.fullName || star.username}</span>
            </Link>
            <FollowButton username={star.username} isFollowing={star.isFollowedByMe} followers={star.followers} size="sm" />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * '/', 'Tu Feed': the story row (given by the route: stories are a feature of their own), then the
 * posts of the people you follow (or a discovery feed), page after page.
 */
export function HomePage({ storyRow }: { storyRow: ReactNode }) {
  useDocumentTitle(t('home.feedTitle'));
  const { token } = useSession();
  const feed = useFeed();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  // Infinite scroll: the next page loads as the end of the list comes into view.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '600px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const discovery = feed.data?.pages[0]?.kind === 'discovery';

  return (
    <div className="feed-page" data-testid="home-feed">
      <HomeRail />
      {storyRow}
      {discovery ? (
        <section className="feed-page__intro">
          <h1>{t('home.discoveryTitle')}</h1>
          <p>{token ? t('home.discoveryLead') : t('home.discoveryGuest')}</p>
        </section>
      ) : (
        <h1 className="home__title-bar">{t('home.feedTitle')}</h1>
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
        {items.map((item) => (
          <FeedCard key={item.id} post={item} isLiked={item.isLiked} isSaved={item.isSaved} />
        ))}
      </div>
      <div ref={sentinel} />
      {hasNextPage ? (
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
