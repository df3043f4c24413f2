import type { WagStar } from '@wag/contract/profiles';
import type { SearchUser } from '@wag/contract/search';
import { SEARCH_QUERY_MAX_LENGTH } from '@wag/contract/search-rules';
import { useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FollowButton } from '../../../components/social/follow-button';
import { LoginPromptModal } from '../../../components/social/login-prompt-modal';
import { PersonRow } from '../../../components/social/person-row';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useDocumentTitle } from '../../../lib/document-title';
import { usePersonFacets } from '../../../lib/follow';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useWagStars } from '../../../lib/queries/wag-stars';
import { useSearch } from '../api/use-search';
import { activeFilters, readSearchParams, searchResultsHref, withoutFilter, type FilterName, type SearchParams } from '../search-params';
import { FilterDialog } from './filter-dialog';
import { ResultGrid } from './result-grid';
import './search-results-page.css';

function chipLabel(search: SearchParams, name: FilterName): string {
  if (name === 'duration') return t('searchResults.filter.upTo', { n: search.duration ?? 0 });
  const value = search[name];
  return value ? t(`searchResults.filter.${value}`) : '';
}

const followersText = (count: number) => t('searchResults.followers', { count });

/** A person's follower count as every screen shows it now (a follow on its way included). */
function useFollowers(username: string, followers: number): number {
  return usePersonFacets(username, { followers }).followers;
}

function PersonResult({ user, me, onAuthRequired }: { user: SearchUser; me: string | null; onAuthRequired: () => void }) {
  const followers = useFollowers(user.username, user.followers);
  return (
    <PersonRow
      username={user.username}
      fullName={user.full_name}
      picture={user.avatar}
      verified={user.verified}
      meta={`@${user.username} · ${followersText(followers)}`}
      className="search-person"
      linkLabel={t('searchResults.viewProfile', { username: user.username })}
      testId="search-person"
      action={
        isSamePerson(user.username, me) ? null : (
          <FollowButton username={user.username} isFollowing={user.isFollowedByMe} followers={user.followers} onAuthRequired={onAuthRequired} size="sm" />
        )
      }
    />
  );
}

function StarResult({ star, onAuthRequired }: { star: WagStar; onAuthRequired: () => void }) {
  const followers = useFollowers(star.username, star.followers);
  return (
    <PersonRow
      username={star.username}
      fullName={star.fullName}
      picture={star.profilePictureUrl}
      verified={star.isVerified}
      meta={followersText(followers)}
      avatarSize={44}
      className="search-star"
      linkLabel={t('searchResults.viewProfile', { username: star.username })}
      testId="search-star"
      action={<FollowButton username={star.username} isFollowing={star.isFollowedByMe} followers={star.followers} onAuthRequired={onAuthRequired} size="sm" />}
    />
  );
}

const isSamePerson = (a: string, b: string | null) => b !== null && a.toLowerCase() === b.toLowerCase();

/** People the search found, each with a follow button (none on your own row). */
function PeopleResults({ users, onAuthRequired }: { users: SearchUser[]; onAuthRequired: () => void }) {
  const { username: me } = useSession();
  return (
    <section className="search-page__section" aria-labelledby="search-people-title">
      <h2 id="search-people-title" className="search-page__section-title">
        {t('searchResults.people')}
      </h2>
      <ul className="search-people" data-testid="search-people">
        {users.map((user) => (
          <PersonResult key={user.id} user={user} me={me} onAuthRequired={onAuthRequired} />
        ))}
      </ul>
    </section>
  );
}

/** The featured creators (WAG Stars) with a follow button each, beside or under the results. */
function FeaturedStars({ onAuthRequired }: { onAuthRequired: () => void }) {
  const stars = useWagStars();
  const { username: me } = useSession();
  const people = (stars.data?.users ?? []).filter((star) => !isSamePerson(star.username, me));
  if (people.length === 0) return null;
  return (
    <section className="search-stars" aria-labelledby="search-stars-title" data-testid="search-stars">
      <h2 id="search-stars-title" className="search-page__section-title">
        <Icon name="star" size={18} />
        {t('searchResults.stars')}
      </h2>
      <ul className="search-stars__list">
        {people.map((star) => (
          <StarResult key={star.id} star={star} onAuthRequired={onAuthRequired} />
        ))}
      </ul>
    </section>
  );
}

function SearchForm({ search, onSearch }: { search: SearchParams; onSearch: (text: string) => void }) {
  const [text, setText] = useState(search.query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="search-page__form" onSubmit={submit}>
      <div className="search-page__box">
        <Icon name="search" size={20} className="search-page__box-icon" />
        <input
          className="search-page__input"
          type="search"
          name="query"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          aria-label={t('searchResults.label')}
          placeholder={t('searchResults.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          data-testid="search-page-input"
        />
      </div>
      <Button type="submit" className="search-page__submit">
        {t('searchResults.submit')}
      </Button>
    </form>
  );
}

/** /search-results ('Resultados de Búsqueda'): text and filters live in the address; the server finds. */
export function SearchResultsPage() {
  useDocumentTitle(t('searchResults.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const search = useMemo(() => readSearchParams(new URLSearchParams(location.search)), [location.search]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [promptOpen, setPromptOpen] = useState(false);
  const results = useSearch(search);
  const filters = activeFilters(search);

  const go = (next: SearchParams) => navigate(searchResultsHref(next));
  const pages = results.data?.pages ?? [];
  const users = pages[0]?.users ?? [];
  const posts = pages.flatMap((page) => page.posts);
  const nothing = results.isSuccess && users.length === 0 && posts.length === 0;

  let body;
  if (results.isPending) {
    body = (
      <p className="search-page__status" role="status">
        {t('searchResults.loading')}
      </p>
    );
  } else if (results.isError && pages.length === 0) {
    body = (
      <div className="search-page__status" role="alert">
        <p>{t('searchResults.failed')}</p>
        <Button variant="secondary" onClick={() => void results.refetch()}>
          {t('searchResults.retry')}
        </Button>
      </div>
    );
  } else if (nothing) {
    body = (
      <div className="search-page__empty" data-testid="search-empty">
        <Icon name="search" size={30} />
        <p className="search-page__empty-title">{t('searchResults.empty')}</p>
        <p>{filters.length > 0 ? t('searchResults.emptyHintFilters') : t('searchResults.emptyHint')}</p>
      </div>
    );
  } else {
    body = (
      <>
        {users.length > 0 ? <PeopleResults users={users} onAuthRequired={() => setPromptOpen(true)} /> : null}
        {posts.length > 0 ? (
          <section className="search-page__section" aria-labelledby="search-posts-title">
            <h2 id="search-posts-title" className="search-page__section-title">
              {t('searchResults.posts')}
            </h2>
            <ResultGrid posts={posts} />
          </section>
        ) : null}
        {results.isFetchNextPageError ? (
          <p className="search-page__status" role="alert">
            {t('searchResults.failedMore')}
          </p>
        ) : null}
        {results.hasNextPage ? (
          <div className="search-page__more">
            <Button
              variant="secondary"
              disabled={results.isFetchingNextPage}
              onClick={() => void results.fetchNextPage()}
              data-testid="search-load-more"
            >
              {results.isFetchingNextPage ? t('searchResults.loadingMore') : t('searchResults.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="search-page" data-testid="search-results-page">
      <header className="search-page__head">
        <h1 className="search-page__title">{t('searchResults.title')}</h1>
        <p className="search-page__lead" data-testid="search-lead">
          {search.query ? t('searchResults.leadFor', { query: search.query }) : t('searchResults.leadBrowse')}
        </p>
      </header>
      <div className="search-page__bar">
        <SearchForm key={search.query} search={search} onSearch={(query) => go({ ...search, query })} />
        <button
          type="button"
          className="search-page__filter-button"
          aria-haspopup="dialog"
          aria-label={filters.length ? t('searchResults.filtersCount', { count: filters.length }) : t('searchResults.filters')}
          onClick={() => setFiltersOpen(true)}
          data-testid="search-filter-button"
        >
          <Icon name="settings" size={20} />
          <span className="search-page__filter-text">{t('searchResults.filters')}</span>
          {filters.length ? <span className="search-page__filter-count">{filters.length}</span> : null}
        </button>
      </div>
      {filters.length ? (
        <ul className="search-page__chips" aria-label={t('searchResults.activeFilters')} data-testid="search-chips">
          {filters.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="search-chip"
                aria-label={t('searchResults.removeFilter', { name: chipLabel(search, name) })}
                onClick={() => go(withoutFilter(search, name))}
              >
                {chipLabel(search, name)}
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="search-page__layout">
        <div className="search-page__results" aria-live="polite" aria-busy={results.isFetching || undefined}>
          {body}
        </div>
        <aside className="search-page__aside">
          <FeaturedStars onAuthRequired={() => setPromptOpen(true)} />
        </aside>
      </div>
      {promptOpen ? <LoginPromptModal onClose={() => setPromptOpen(false)} /> : null}
      {filtersOpen ? (
        <FilterDialog
          search={search}
          onClose={() => setFiltersOpen(false)}
          onApply={(next) => {
            setFiltersOpen(false);
            go(next);
          }}
        />
      ) : null}
    </section>
  );
}
