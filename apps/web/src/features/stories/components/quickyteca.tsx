import { t } from '../../../lib/i18n';
import { useStoryGroups } from '../api/use-stories';
import './quickyteca.css';

/** The Quickyteca (docs/product.md §1): Recientes and the owner's named groups of highlights. */
export function Quickyteca({ username, onOpen }: { username: string; onOpen: (group: string) => void }) {
  const groups = useStoryGroups(username);
  const entries = groups.data
    ? [
        ...(groups.data.recents.count > 0 ? [{ id: 'recents', name: t('stories.recents'), count: groups.data.recents.count, cover: groups.data.recents.cover_url }] : []),
        ...groups.data.groups.filter((group) => group.count > 0).map((group) => ({ id: group.id, name: group.name, count: group.count, cover: group.cover_url })),
      ]
    : [];
  return (
    <section className="quickyteca" aria-labelledby="quickyteca-title" data-testid="quickyteca">
      <h2 id="quickyteca-title" className="quickyteca__title">
        {t('profile.quickyteca')}
      </h2>
      {groups.isPending ? (
        // Not 'no highlights' before the answer says so: a row of the list's size, empty.
        <div className="quickyteca__list quickyteca__list--waiting" aria-busy="true" data-testid="quickyteca-waiting" />
      ) : entries.length === 0 ? (
        <p className="quickyteca__empty">{t('profile.noHighlights')}</p>
      ) : (
        <ul className="quickyteca__list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button type="button" className="quickyteca__item" onClick={() => onOpen(entry.id)} data-testid="quickyteca-group">
                <span className="quickyteca__cover" style={entry.cover ? { backgroundImage: `url("${entry.cover}")` } : undefined} />
                <span>{entry.name}</span>
                <small>{t('stories.groupCount', { count: entry.count })}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

