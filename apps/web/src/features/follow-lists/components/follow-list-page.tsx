import type { FollowEntry } from '@wag/contract/profiles';
import { useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { AppLink, AppNavLink } from '../../../lib/app-link';
import { FollowButton } from '../../../components/social/follow-button';
import { LoginPromptModal } from '../../../components/social/login-prompt-modal';
import { PersonRow } from '../../../components/social/person-row';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import type { FollowListKind } from '../api/use-follow-list';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFollowList } from '../api/use-follow-list';
import { filterPeople } from '../filter-people';
import './follow-list-page.css';
import { useLoadWhenVisible } from '../../../lib/use-load-more';

/** The search goes to the server once typing pauses; loaded rows are filtered at once. */
const SERVER_SEARCH_DEBOUNCE_MS = 300;

function FollowRow({ person, onAuthRequired }: { person: FollowEntry; onAuthRequired: () => void }) {
  return (
    <PersonRow
      username={person.username}
      fullName={person.fullName}
      picture={person.profilePictureUrl}
      verified={person.isVerified}
      action={
        person.isMe ? (
          <span className="person-row__me">{t('followList.you')}</span>
        ) : (
          <FollowButton username={person.username} isFollowing={person.isFollowedByMe} onAuthRequired={onAuthRequired} size="sm" />
        )
      }
    />
  );
}

/** /{username}/followers and /{username}/following. */
export function FollowListPage({ kind }: { kind: FollowListKind }) {
  const { username = '' } = useParams();
  const { username: me } = useSession();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [promptOpen, setPromptOpen] = useState(false);
  const serverQuery = useDebouncedValue(search.trim(), SERVER_SEARCH_DEBOUNCE_MS);
  const list = useFollowList(username, kind, serverQuery);
  const isOwnList = me !== null && me.toLowerCase() === username.toLowerCase();
  const base = `/${encodeURIComponent(username)}`;

  useDocumentTitle(kind === 'followers' ? t('followList.followersOf', { username }) : t('followList.followingOf', { username }));

  const people = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? [])
      .flatMap((page) => page.users)
      .filter((person) => (seen.has(person.id) ? false : (seen.add(person.id), true)));
  }, [list.data]);
  const shown = filterPeople(people, search);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const canLoadMore = hasNextPage && !list.isPlaceholderData;
  const sentinel = useLoadWhenVisible(canLoadMore && !isFetchingNextPage, () => void fetchNextPage(), '400px 0px');

  let body;
  if (list.isPending) {
    body = (
      <p className="follow-list__status" role="status">
        {t('followList.loading')}
      </p>
    );
  } else if (list.isError && people.length === 0) {
    body = (
      <div className="follow-list__status">
        <p role="alert">{kind === 'followers' ? t('followList.followersFailed') : t('followList.followingFailed')}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {t('followList.retry')}
        </Button>
      </div>
    );
  } else if (shown.length === 0 && !(canLoadMore && search.trim())) {
    const searching = search.trim() !== '';
    const empty =
      kind === 'followers'
        ? t('followList.followersEmpty')
        : searching
          ? t('followList.noMatches')
          : isOwnList
            ? t('followList.followingEmptyOwn')
            : t('followList.followingEmpty', { username });
    body = (
      <p className="follow-list__status" data-testid="follow-list-empty">
        {empty}
      </p>
    );
  } else {
    body = (
      <ul className="follow-list__rows" data-testid="follow-list">
        {shown.map((person) => (
          <FollowRow key={person.id} person={person} onAuthRequired={() => setPromptOpen(true)} />
        ))}
      </ul>
    );
  }

  return (
    <section className="follow-list" data-testid={`${kind}-page`}>
      <header className="follow-list__header">
        <AppLink to={base} className="follow-list__back" aria-label={t('followList.backToProfile', { username })}>
          <Icon name="arrowLeft" size={22} />
        </AppLink>
        <h1 className="follow-list__title">@{username}</h1>
      </header>

      <nav className="follow-list__tabs" aria-label={t('followList.lists', { username })}>
        <AppNavLink to={`${base}/followers`} className="follow-list__tab" replace>
          {t('followList.followersTitle')}
        </AppNavLink>
        <AppNavLink to={`${base}/following`} className="follow-list__tab" replace>
          {t('followList.followingTitle')}
        </AppNavLink>
      </nav>

      <div className="follow-list__search">
        <label htmlFor={searchId} className="visually-hidden">
          {t('followList.search')}
        </label>
        <Icon name="search" size={18} className="follow-list__search-icon" />
        <input
          id={searchId}
          type="search"
          className="follow-list__search-input"
          placeholder={t('followList.searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      {body}

      {canLoadMore && !list.isPending ? (
        <div className="follow-list__more" ref={sentinel}>
          <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? t('followList.loadingMore') : t('followList.loadMore')}
          </Button>
        </div>
      ) : null}

      {promptOpen ? <LoginPromptModal onClose={() => setPromptOpen(false)} /> : null}
    </section>
  );
}
