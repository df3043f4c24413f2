import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { PeopleSearchResult } from '@wag/contract/profiles';
import { MENTION_AT_CURSOR, PEOPLE_SEARCH_DEFAULT_LIMIT } from '@wag/contract/profiles-rules';
import {
  type FocusEvent,
  type Ref,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type SyntheticEvent,
  type TextareaHTMLAttributes,
} from 'react';
import { t } from '../../lib/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Avatar } from './avatar';
import { VerifiedBadge } from './verified-badge';
import './mention-textarea.css';

/** Time the suggestions wait after the last keystroke before asking the server. */
export const MENTION_SEARCH_DEBOUNCE_MS = 200;

export interface MentionAtCursor {
  /** The letters typed after the @ (1 to 20 of [A-Za-z0-9_]). */
  query: string;
  /** Index of the @ in the text. */
  start: number;
}

/** The partial mention that ends at the cursor, if any (docs/product.md §4 and §9). */
export function mentionAtCursor(text: string, cursor: number): MentionAtCursor | null {
  const before = text.slice(0, Math.max(0, Math.min(cursor, text.length)));
  const match = MENTION_AT_CURSOR.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { query, start: before.length - query.length - 1 };
}

/** Replaces the partial mention between `start` and `cursor` with '@username ' and says where the cursor goes. */
export function insertMention(text: string, start: number, cursor: number, username: string): { text: string; cursor: number } {
  const inserted = `@${username} `;
  // A space already after the cursor is reused rather than doubled.
  const rest = text.slice(cursor).replace(/^ /, '');
  return { text: text.slice(0, start) + inserted + rest, cursor: start + inserted.length };
}

type FieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'defaultValue'> &
  Pick<InputHTMLAttributes<HTMLInputElement>, 'enterKeyHint'>;

/** The query of the people to suggest for the letters typed after an @. */
export type MentionSuggestions<K extends QueryKey> = (letters: string) => UseQueryOptions<PeopleSearchResult[], Error, PeopleSearchResult[], K>;

interface MentionTextareaProps<K extends QueryKey> extends FieldProps {
  value: string;
  /** Where the suggestions come from: the feature using the box gives its query (this primitive knows no endpoint). */
  suggestions: MentionSuggestions<K>;
  onValueChange: (value: string) => void;
  /** false renders a one-line input instead of a textarea. */
  multiline?: boolean;
  /** Where suggestions open: below the box, or above it for composers at the bottom of a screen. */
  placement?: 'below' | 'above';
}

type Field = HTMLTextAreaElement | HTMLInputElement;

/**
 * A text box that suggests people while an @mention is being typed: 'Buscando…', 'Sin resultados'
 * or up to 8 matches from the `suggestions` query. Arrow keys move, Enter or Tab or a click picks,
 * Escape closes. Picking writes '@username ' in place of the partial mention.
 */
export function MentionTextarea<K extends QueryKey>({
  value,
  onValueChange,
  suggestions,
  multiline = true,
  placement = 'below',
  className,
  onKeyDown,
  onBlur,
  onFocus,
  ...rest
}: MentionTextareaProps<K>) {
  const listId = useId();
  const fieldRef = useRef<Field>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState(value.length);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const mention = mentionAtCursor(value, caret);
  const mentionId = mention ? `${mention.start}:${mention.query}` : null;
  const open = focused && mention !== null && dismissed !== mentionId;
  const query = open && mention ? mention.query : '';
  const settledQuery = useDebouncedValue(query, MENTION_SEARCH_DEBOUNCE_MS);

  const search = useQuery({ ...suggestions(settledQuery), enabled: settledQuery !== '' });

  const waiting = query !== settledQuery || search.isPending;
  const people = !waiting && search.data ? search.data.slice(0, PEOPLE_SEARCH_DEFAULT_LIMIT) : [];
  const showOptions = open && !waiting && people.length > 0;
  const activeIndex = people.length > 0 ? Math.min(active, people.length - 1) : 0;

  useLayoutEffect(() => {
    const next = pendingCaret.current;
    const field = fieldRef.current;
    if (next === null || !field) return;
    pendingCaret.current = null;
    field.focus();
    field.setSelectionRange(next, next);
    setCaret(next);
  }, [value]);

  const track = (event: SyntheticEvent<Field>) => {
    const position = event.currentTarget.selectionStart;
    if (position !== null) setCaret(position);
  };

  const pick = (username: string) => {
    if (!mention) return;
    const next = insertMention(value, mention.start, caret, username);
    pendingCaret.current = next.cursor;
    setActive(0);
    onValueChange(next.text);
  };

  const handleKeyDown = (event: KeyboardEvent<Field>) => {
    if (open && event.key === 'Escape') {
      event.preventDefault();
      setDismissed(mentionId);
      return;
    }
    if (showOptions) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + people.length) % people.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        const person = people[activeIndex];
        if (person) {
          event.preventDefault();
          pick(person.username);
          return;
        }
      }
    }
    onKeyDown?.(event as KeyboardEvent<HTMLTextAreaElement>);
  };

  const common = {
    ...rest,
    ref: fieldRef,
    value,
    className: ['mention__field', className ?? ''].filter(Boolean).join(' '),
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': showOptions ? `${listId}-${activeIndex}` : undefined,
    onChange: (event: SyntheticEvent<Field>) => {
      onValueChange(event.currentTarget.value);
      setActive(0);
      track(event);
    },
    onSelect: track,
    onClick: track,
    onKeyUp: track,
    onKeyDown: handleKeyDown,
    onFocus: (event: SyntheticEvent<Field>) => {
      setFocused(true);
      track(event);
      onFocus?.(event as FocusEvent<HTMLTextAreaElement>);
    },
    onBlur: (event: SyntheticEvent<Field>) => {
      setFocused(false);
      onBlur?.(event as FocusEvent<HTMLTextAreaElement>);
    },
  };

  return (
    <div className={placement === 'above' ? 'mention mention--above' : 'mention'}>
      {multiline ? (
        <textarea {...(common as TextareaHTMLAttributes<HTMLTextAreaElement>)} ref={fieldRef as Ref<HTMLTextAreaElement>} />
      ) : (
        <input type="text" {...(common as InputHTMLAttributes<HTMLInputElement>)} ref={fieldRef as Ref<HTMLInputElement>} />
      )}
      {open ? (
        <div className="mention__popup" data-testid="mention-suggestions">
          {waiting ? (
            <p className="mention__status" role="status">
              {t('mention.searching')}
            </p>
          ) : people.length === 0 ? (
            <p className="mention__status" role="status">
              {t('mention.noResults')}
            </p>
          ) : (
            <ul id={listId} className="mention__list" role="listbox" aria-label={t('mention.suggestions')}>
              {people.map((person, index) => (
                <li
                  key={person.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  className="mention__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(person.username)}
                >
                  <Avatar name={person.full_name || person.username} src={person.avatar} size={32} />
                  <span className="mention__names">
                    <span className="mention__username">
                      @{person.username}
                      {person.verified ? <VerifiedBadge size={14} /> : null}
                    </span>
                    {person.full_name ? <span className="mention__full-name">{person.full_name}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
