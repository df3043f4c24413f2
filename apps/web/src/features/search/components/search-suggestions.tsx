import { useEffect, useMemo } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icon';
import { VerifiedBadge } from '../../../components/ui/verified-badge';
import { t } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSuggestions } from '../api/use-suggestions';
import { clearRecentSearches, forgetSearch, pickKey, searchOptionId, useRecentSearches, type SearchPick } from '../recent-searches';
import './search-suggestions.css';

/** Time the suggestions wait after the last keystroke before asking the server. */
export const SUGGEST_DEBOUNCE_MS = 200;

interface SearchSuggestionsProps {
  text: string;
  listboxId: string;
  /** The option the arrow keys reached in the search box (-1: none). */
  activeIndex: number;
  /** The options shown, in order, so the box's keys can move through them and pick one. */
  onOptions: (options: SearchPick[]) => void;
  onPick: (pick: SearchPick) => void;
}

function PickLabel({ pick }: { pick: SearchPick }) {
  if (pick.kind === 'person') {
    return (
      <>
        <Avatar name={pick.fullName || pick.username} src={pick.avatar} size={36} />
        <span className="suggest__names">
          <span className="suggest__name">
            {pick.fullName || pick.username}
            {pick.verified ? <VerifiedBadge size={14} /> : null}
          </span>{' '}
          <span className="suggest__meta">@{pick.username}</span>
        </span>
      </>
    );
  }
  if (pick.kind === 'tag') {
    return (
      <>
        <span className="suggest__glyph" aria-hidden="true">
          #
        </span>
        <span className="suggest__names">
          <span className="suggest__name">#{pick.tag}</span>{' '}
          {pick.count !== undefined ? <span className="suggest__meta">{t('searchSuggest.tagCount', { count: pick.count })}</span> : null}
        </span>
      </>
    );
  }
  return (
    <>
      <span className="suggest__glyph" aria-hidden="true">
        <Icon name="search" size={18} />
      </span>
      <span className="suggest__names">
        <span className="suggest__name">{pick.query}</span>
      </span>
    </>
  );
}

const labelOf = (pick: SearchPick) => (pick.kind === 'person' ? `@${pick.username}` : pick.kind === 'tag' ? `#${pick.tag}` : pick.query);

/**
 * Under the search box: the recent searches of this device while it is empty, then people and tags
 * for what is typed (after a pause of SUGGEST_DEBOUNCE_MS). A listbox the box drives with its arrow
 * keys (aria-activedescendant); a click or Enter picks.
 */
export function SearchSuggestions({ text, listboxId, activeIndex, onOptions, onPick }: SearchSuggestionsProps) {
  const debounced = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS);
  // Clearing the box shows the recent searches at once.
  const query = text.trim() ? debounced : '';
  const recent = useRecentSearches();
  const found = useSuggestions(query);

  const people = useMemo<SearchPick[]>(
    () => found.people.map((user) => ({ kind: 'person', username: user.username, fullName: user.full_name, avatar: user.avatar, verified: user.verified })),
    [found.people],
  );
  const tags = useMemo<SearchPick[]>(() => found.tags.map((tag) => ({ kind: 'tag', tag: tag.tag, count: tag.count })), [found.tags]);
  const options = useMemo(() => (query ? [...people, ...tags] : recent), [query, people, tags, recent]);
  const keys = options.map(pickKey).join('\n');
  useEffect(() => {
    onOptions(options);
    // The list is reported when what it holds changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);

  const option = (pick: SearchPick, index: number, removable = false) => (
    <li key={pickKey(pick)} className="suggest__row" role="presentation">
      <div
        id={searchOptionId(listboxId, index)}
        role="option"
        aria-selected={index === activeIndex}
        className={index === activeIndex ? 'suggest__option suggest__option--active' : 'suggest__option'}
        data-testid={`suggestion-${pick.kind}`}
        // Keeps the focus in the search box.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onPick(pick)}
      >
        <PickLabel pick={pick} />
      </div>
      {removable ? (
        <button type="button" className="icon-button suggest__remove" aria-label={t('searchSuggest.remove', { label: labelOf(pick) })} onClick={() => forgetSearch(pick)}>
          <Icon name="close" size={16} />
        </button>
      ) : null}
    </li>
  );

  if (!query) {
    if (recent.length === 0) return null;
    return (
      <section className="suggest" data-testid="recent-searches">
        <div className="suggest__head">
          <h3 className="suggest__title" id={`${listboxId}-recent`}>
            {t('searchSuggest.recent')}
          </h3>
          <button type="button" className="suggest__clear" onClick={clearRecentSearches}>
            {t('searchSuggest.clearAll')}
          </button>
        </div>
        <ul className="suggest__list" role="listbox" id={listboxId} aria-labelledby={`${listboxId}-recent`}>
          {recent.map((pick, index) => option(pick, index, true))}
        </ul>
      </section>
    );
  }

  return (
    <section className="suggest" data-testid="search-suggestions" aria-live="polite">
      {options.length === 0 ? (
        <p className="suggest__status" role="status">
          {found.loading || query !== debounced ? t('searchSuggest.searching') : t('searchSuggest.none')}
        </p>
      ) : null}
      <ul className="suggest__list" role="listbox" id={listboxId} aria-label={t('searchSuggest.suggestions')}>
        {people.length > 0 ? (
          <li role="presentation" className="suggest__group">
            {t('searchSuggest.people')}
          </li>
        ) : null}
        {people.map((pick, index) => option(pick, index))}
        {tags.length > 0 ? (
          <li role="presentation" className="suggest__group">
            {t('searchSuggest.tags')}
          </li>
        ) : null}
        {tags.map((pick, index) => option(pick, people.length + index))}
      </ul>
    </section>
  );
}
