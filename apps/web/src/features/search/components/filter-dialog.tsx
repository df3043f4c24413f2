import { SEARCH_MAX_DURATION_MINUTES } from '@wag/contract/search-rules';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { t, type MessageKey } from '../../../lib/i18n';
import { withConsistentFilters, type SearchParams } from '../search-params';

/** The dialog's fields (docs/product.md §3 "Search filters"); 'all' and 0 mean no filter. */
export interface FilterDraft {
  contentType: 'all' | 'quickys' | 'photos';
  category: 'all' | 'models';
  sortBy: 'relevance' | 'recent' | 'popular';
  orientation: 'all' | 'horizontal' | 'vertical';
  quality: 'all' | 'hd';
  videoDuration: number;
}

export function draftFrom(search: SearchParams): FilterDraft {
  return {
    contentType: search.category === 'quickys' || search.category === 'photos' ? search.category : 'all',
    category: search.category === 'models' ? 'models' : 'all',
    sortBy: search.sort ?? 'recent',
    orientation: search.orientation ?? 'all',
    quality: search.quality ?? 'all',
    videoDuration: search.duration ?? 0,
  };
}

/** The address parameters a draft stands for: content type and category share `category`. */
export function paramsFrom(query: string, draft: FilterDraft): SearchParams {
  return withConsistentFilters({
    query,
    category: draft.category === 'models' ? 'models' : draft.contentType === 'all' ? undefined : draft.contentType,
    sort: draft.sortBy === 'recent' ? undefined : draft.sortBy,
    orientation: draft.orientation === 'all' ? undefined : draft.orientation,
    quality: draft.quality === 'all' ? undefined : 'hd',
    duration: draft.videoDuration > 0 ? draft.videoDuration : undefined,
  });
}

interface Option<V extends string> {
  value: V;
  label: MessageKey;
}

function OptionGroup<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: MessageKey;
  name: string;
  value: V;
  options: Option<V>[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="search-filters__group">
      <legend className="search-filters__legend">{t(legend)}</legend>
      <div className="search-filters__options">
        {options.map((option) => (
          <label key={option.value} className="search-option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{t(option.label)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** 'Filtros': Aplicar writes the choices into the address (the server applies them); Limpiar removes them all. */
export function FilterDialog({
  search,
  onApply,
  onClose,
}: {
  search: SearchParams;
  onApply: (next: SearchParams) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftFrom(search));
  const durationId = useId();
  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  return (
    <Modal title={t('searchResults.filter.title')} onClose={onClose} testId="search-filters-dialog">
      <form
        className="search-filters"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(paramsFrom(search.query, draft));
        }}
      >
        <OptionGroup
          legend="searchResults.filter.contentType"
          name="contentType"
          value={draft.contentType}
          options={[
            { value: 'all', label: 'searchResults.filter.all' },
            { value: 'quickys', label: 'searchResults.filter.quickys' },
            { value: 'photos', label: 'searchResults.filter.photos' },
          ]}
          // Quickys and photos are posts: choosing one leaves the models-only category.
          onChange={(value) => setDraft((current) => ({ ...current, contentType: value, category: value === 'all' ? current.category : 'all' }))}
        />
        <OptionGroup
          legend="searchResults.filter.category"
          name="category"
          value={draft.category}
          options={[
            { value: 'all', label: 'searchResults.filter.all' },
            { value: 'models', label: 'searchResults.filter.models' },
          ]}
          onChange={(value) => setDraft((current) => ({ ...current, category: value, contentType: value === 'models' ? 'all' : current.contentType }))}
        />
        <OptionGroup
          legend="searchResults.filter.sort"
          name="sortBy"
          value={draft.sortBy}
          options={[
            { value: 'recent', label: 'searchResults.filter.recent' },
            { value: 'relevance', label: 'searchResults.filter.relevance' },
            { value: 'popular', label: 'searchResults.filter.popular' },
          ]}
          onChange={(value) => set('sortBy', value)}
        />
        <OptionGroup
          legend="searchResults.filter.orientation"
          name="orientation"
          value={draft.orientation}
          options={[
            { value: 'all', label: 'searchResults.filter.allFeminine' },
            { value: 'horizontal', label: 'searchResults.filter.horizontal' },
            { value: 'vertical', label: 'searchResults.filter.vertical' },
          ]}
          onChange={(value) => set('orientation', value)}
        />
        <OptionGroup
          legend="searchResults.filter.quality"
          name="quality"
          value={draft.quality}
          options={[
            { value: 'all', label: 'searchResults.filter.allFeminine' },
            { value: 'hd', label: 'searchResults.filter.hd' },
          ]}
          onChange={(value) => set('quality', value)}
        />
        <div className="search-filters__group">
          <div className="search-filters__duration-head">
            <label className="search-filters__legend" htmlFor={durationId}>
              {t('searchResults.filter.duration')}
            </label>
            <output className="search-filters__duration-value" htmlFor={durationId} data-testid="search-duration-value">
              {draft.videoDuration > 0 ? t('searchResults.filter.upTo', { n: draft.videoDuration }) : t('searchResults.filter.anyLength')}
            </output>
          </div>
          <input
            id={durationId}
            className="search-filters__range"
            type="range"
            min={0}
            max={SEARCH_MAX_DURATION_MINUTES}
            step={1}
            value={draft.videoDuration}
            aria-valuetext={draft.videoDuration > 0 ? t('searchResults.filter.upTo', { n: draft.videoDuration }) : t('searchResults.filter.anyLength')}
            onChange={(event) => set('videoDuration', Number(event.target.value))}
          />
          <p className="search-filters__hint">{t('searchResults.filter.durationHint')}</p>
        </div>
        <div className="search-filters__actions">
          <Button variant="secondary" onClick={() => onApply({ query: search.query })}>
            {t('searchResults.filter.clear')}
          </Button>
          <Button type="submit">{t('searchResults.filter.apply')}</Button>
        </div>
      </form>
    </Modal>
  );
}
