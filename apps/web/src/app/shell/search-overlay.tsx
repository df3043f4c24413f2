import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { t, type MessageKey } from '../../lib/i18n';
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
  const setText = (query: string) => setSearch((current) => ({ ...current, query }));

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
    onClose();
    navigate(searchResultsHref(search));
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
              data-testid="search-input"
            />
            <button type="submit" className="search-overlay__submit">
              {t('search.submit')}
            </button>
          </div>
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
