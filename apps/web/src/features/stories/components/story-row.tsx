import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { AppLink } from '../../../lib/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Icon } from '../../../components/ui/icon';
import { t } from '../../../lib/i18n';
import { lazyScreen } from '../../../lib/lazy-screen';
import { useSession } from '../../../lib/session';
import { useViewerKey } from '../../../lib/viewer-key';
import { storyRowQuery } from '../api/use-stories';
import './story-row.css';

const StoryViewer = lazyScreen(async () => ({ default: (await import('./story-viewer')).StoryViewer }));

/** The row's size while it loads: rings and name lines of the real row, empty. */
function StoryRowSkeleton() {
  return (
    <section className="story-row story-row--loading" aria-label={t('stories.rowLabel')} aria-busy="true" data-testid="story-row-loading">
      <ul className="story-row__list" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <li key={index}>
            <span className="story-row__item">
              <span className="story-row__ring">
                <span className="story-row__ghost" />
              </span>
              <span className="story-row__name">&nbsp;</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The story-avatar row (docs/product.md §2 "Feed card" row): your own avatar with the plus badge, then
 * people with active stories, ringed while they have unseen ones. Tapping opens the viewer, which
 * moves from one person's stories to the next.
 */
export function StoryRow() {
  const { token } = useSession();
  const row = useQuery(storyRowQuery(useViewerKey()));
  const [open, setOpen] = useState<number | null>(null);
  const items = row.data?.items ?? [];
  const people = items.filter((item) => item.hasStories);
  // Signed in, the row always holds at least 'Tu historia': its place is kept while it loads, so the
  // feed under it does not move when it arrives.
  if (row.isPending && token) return <StoryRowSkeleton />;
  if (items.length === 0) return null;

  const openPerson = (username: string) => setOpen(people.findIndex((item) => item.username === username));
  const current = open !== null ? people[open] : undefined;

  return (
    <section className="story-row" aria-label={t('stories.rowLabel')}>
      <ul className="story-row__list">
        {items.map((item) => (
          <li key={item.username}>
            {item.isMe && !item.hasStories ? (
              <AppLink to="/stories/create" className="story-row__item" aria-label={t('nav.createStory')}>
                <span className="story-row__ring">
                  <Avatar name={item.full_name || item.username} src={item.avatar} size={62} />
                </span>
                <span className="story-row__plus" aria-hidden="true">
                  <Icon name="plus" size={14} />
                </span>
                <span className="story-row__name">{t('stories.yourStory')}</span>
              </AppLink>
            ) : (
              <button
                type="button"
                className="story-row__item"
                data-testid="story-row-item"
                aria-label={t('stories.viewerLabel', { username: item.username })}
                onClick={() => openPerson(item.username)}
              >
                <span className={item.hasUnseen ? 'story-row__ring story-row__ring--new' : 'story-row__ring'}>
                  <Avatar name={item.full_name || item.username} src={item.avatar} size={62} />
                </span>
                <span className="story-row__name">{item.isMe ? t('stories.yourStory') : item.username}</span>
              </button>
            )}
            {item.isMe && item.hasStories ? (
              <AppLink to="/stories/create" className="story-row__plus" aria-label={t('nav.createStory')}>
                <Icon name="plus" size={14} />
              </AppLink>
            ) : null}
          </li>
        ))}
      </ul>
      {current && open !== null ? (
        <Suspense fallback={null}>
          <StoryViewer
            key={current.username}
            username={current.username}
            onClose={() => {
              setOpen(null);
              void row.refetch();
            }}
            onNextPerson={() => (open < people.length - 1 ? setOpen(open + 1) : setOpen(null))}
            onPreviousPerson={open > 0 ? () => setOpen(open - 1) : undefined}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
