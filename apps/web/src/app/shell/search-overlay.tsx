import { tagPath } from '@wag/contract/tags-rules';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { t, type MessageKey } from '../../lib/i18n';
import { SearchSuggestions } from '../../features/search/components/search-suggestions';
import { rememberSearch, searchOptionId, type SearchPick } from '../../features/search/recent-searches';
import { readSearchParams, searchResultsHref, withConsistentFilters, type SearchParams } from '../../features/search/search-params';
import './search-overlay.css';

interface Chip {
  name: 'category' | 'sort' | 'orientation' | 'quality';
  value: string;
  label: MessageKey;
}

const groups: { label: MessageKey; chips: Chip[] }[] = [
  {
    label: 'search.groupType',
    chips: [
      { name: 'category', value: 'quickys', label: 'search.chipQuickys' },
      { name: 'category', value: 'photos', label: 'search.chipPhotos' },
      { name: 'category', value: 'models', label: 'search.chipModels' },
    ],
  },
  {
    label: 'search.groupSort',
    chips: [
      { name: 'sort', value: 'recent', label: 'search.chipRecent' },
      { name: 'sort', value: 'popular', label: 'search.chipPopular' },
    ],
  },
  {
    label: 'search.groupOrientation',
    chips: [
      { name: 'orientation', value: 'horizontal', label: 'search.chipHorizontal' },
      { name: 'orientation', value: 'vertical', label: 'search.chipVertical' },
    ],
  },
  { label: 'search.groupQuality', chips: [{ name: 'quality', value: 'hd', label: 'search.chipHd' }] },
];

/**
 * Search box and filter chips; one chip per group at most, a second tap clears it. Opened on the
 * results page it starts from that search, filters of the Filtros dialog (duration) included.
 */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onSearchPage = location.pathname === '/search-results';
  const [search, setSearch] = useState<SearchParams>(() =>
    onSearchPage ? readSearchParams(new URLSearchParams(location.search)) : { query: '' },
  );
  const text = search.query;
  const listboxId = useId();
  const [options, setOptions] = useState<SearchPick[]>([]);
  const [active, setActive] = useState(-1);
  const setText = (query: string) => {
    setActive(-1);
    setSearch((current) => ({ ...current, query }));
  };
  const onOptions = (next: SearchPick[]) => {
    setOptions(next);
    setActive(-1);
  };

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const toggle = (chip: Chip) => {
    setSearch((current) => withConsistentFilters({ ...current, [chip.name]: current[chip.name] === chip.value ? undefined : chip.value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    rememberSearch({ kind: 'query', query: text });
    onClose();
    navigate(searchResultsHref(search));
  };

  /** A suggestion or a recent search: a person opens the profile, a tag its page, a text its search. */
  const pick = (chosen: SearchPick) => {
    rememberSearch(chosen);
    onClose();
    if (chosen.kind === 'person') navigate(`/${encodeURIComponent(chosen.username)}`);
    else if (chosen.kind === 'tag') navigate(tagPath(chosen.tag));
    else navigate(searchResultsHref({ ...search, query: chosen.query }));
  };

  // Arrow keys move through the suggestions; Enter picks the one reached (else the form searches).
  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 (back in the box) and every option, in a ring.
      const positions = options.length + 1;
      setActive((current) => ((((current + 1 + step) % positions) + positions) % positions) - 1);
      return;
    }
    if (event.key === 'Enter' && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    }
  };

  // Keeps Tab inside the dialog and lets Escape close it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = dialogRef.current.querySelectorAll<HTMLElement>('button, input');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="search-overlay" data-testid="search-overlay" onKeyDown={onKeyDown}>
      <div className="search-overlay__backdrop" aria-hidden="true" onClick={onClose} />
      <div ref={dialogRef} className="search-overlay__panel" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="search-overlay__head">
          <h2 id={titleId} className="search-overlay__title">
            {t('search.title')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('search.close')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <form role="search" className="search-overlay__form" onSubmit={submit}>
          <div className="search-overlay__box">
            <Icon name="search" size={20} className="search-overlay__box-icon" />
            <input
              className="search-overlay__input"
              type="search"
              name="query"
              aria-label={t('search.label')}
              placeholder={t('search.placeholder')}
              autoComplete="off"
              enterKeyHint="search"
              autoFocus
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onInputKey}
              role="combobox"
              aria-expanded={options.length > 0}
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 && active < options.length ? searchOptionId(listboxId, active) : undefined}
              data-testid="search-input"
            />
            <button type="submit" className="search-overlay__submit">
              {t('search.submit')}
            </button>
          </div>
          <SearchSuggestions text={text} listboxId={listboxId} activeIndex={active} onOptions={onOptions} onPick={pick} />
          <div className="search-overlay__filters" aria-label={t('search.filters')} role="group">
            {groups.map((group) => (
              <div key={group.label} className="search-overlay__group" role="group" aria-label={t(group.label)}>
                <span className="search-overlay__group-label" aria-hidden="true">
                  {t(group.label)}
                </span>
                <div className="search-overlay__chips">
                  {group.chips.map((chip) => {
                    const pressed = search[chip.name] === chip.value;
                    return (
                      <button
                        key={chip.value}
                        type="button"
                        className="chip"
                        aria-pressed={pressed}
                        onClick={() => toggle(chip)}
                      >
                        {pressed ? <Icon name="check" size={16} /> : null}
                        {t(chip.label)}
                      </button>
                    );
                  })}
                </div>
              </div>
            ))}
          </div>
        </form>
      </div>
    </div>
  );
}
