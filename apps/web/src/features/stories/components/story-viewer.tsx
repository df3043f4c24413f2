import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { AppLink } from '../../../lib/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { storyAge } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { createStoryGroupMutation, useStoryLike, useStoryOwnerActions, useStoryReply } from '../api/story-actions';
import {
  playDuration,
  registerViewOnce,
  STORY_TICK_MS,
  useRefreshStories,
  useStoryGroups,
  useStoryMeta,
  useStoryReel,
  useStoryViewers,
} from '../api/use-stories';
import './story-viewer.css';

type Tab = 'active' | 'highlights';
type Panel = null | 'viewers' | 'options' | 'group' | 'delete';

/** A press longer than this pauses instead of moving on (press-and-hold, docs/product.md §4). */
const HOLD_MS = 220;

function ViewersPanel({ storyId, onClose }: { storyId: string; onClose: () => void }) {
  const viewers = useStoryViewers(storyId);
  const items = viewers.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = viewers.isFetching;
  return (
    <div className="story-panel" role="dialog" aria-label={t('stories.seenBy')} data-testid="viewers-panel">
      <header className="story-panel__head">
        <h2>{t('stories.seenBy')}</h2>
        <button type="button" className="story-icon" aria-label={t('stories.close')} onClick={onClose}>
          <Icon name="close" size={20} />
        </button>
      </header>
      {!loading && items.length === 0 ? <p className="story-panel__empty">{t('stories.noViews')}</p> : null}
      <ul className="story-panel__list">
        {items.map((item) => (
          <li key={item.id}>
            <Avatar name={item.full_name || item.username} src={item.avatar} size={36} />
            <span>
              <strong>{item.username}</strong>
              <small>{storyAge(item.viewed_at)}</small>
            </span>
          </li>
        ))}
      </ul>
      {viewers.hasNextPage ? (
        <Button variant="secondary" block disabled={loading} onClick={() => void viewers.fetchNextPage()}>
          {t('stories.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

function GroupDialog({ me, onPick, onClose }: { me: string; onPick: (groupId: string | null) => void; onClose: () => void }) {
  const groups = useStoryGroups(me);
  const refresh = useRefreshStories();
  const [name, setName] = useState('');
  const toast = useToast();
  const create = useMutation({
    ...createStoryGroupMutation(),
    onSuccess: (response) => {
      void refresh();
      onPick(response.group.id);
    },
    onError: (error) => toast(errorText(error, t('stories.actionFailed')), 'error'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };
  return (
    <div className="story-panel" role="dialog" aria-label={t('stories.sendToGroup')} data-testid="group-dialog">
      <header className="story-panel__head">
        <h2>{t('stories.sendToGroup')}</h2>
        <button type="button" className="story-icon" aria-label={t('stories.close')} onClick={onClose}>
          <Icon name="close" size={20} />
        </button>
      </header>
      <ul className="story-panel__choices">
        <li>
          <button type="button" onClick={() => onPick(null)}>
            {t('stories.recents')}
          </button>
        </li>
        {(groups.data?.groups ?? []).map((group) => (
          <li key={group.id}>
            <button type="button" onClick={() => onPick(group.id)}>
              {group.name} <small>{t('stories.groupCount', { count: group.count })}</small>
            </button>
          </li>
        ))}
      </ul>
      <form className="story-panel__new" onSubmit={submit}>
        <input value={name} maxLength={40} placeholder={t('stories.newGroupPlaceholder')} aria-label={t('stories.newGroup')} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="primary" disabled={!name.trim() || create.isPending}>
          {t('stories.create')}
        </Button>
      </form>
    </div>
  );
}

/**
 * The full-screen story viewer (docs/product.md §2 and §4): progress ticking every 50 ms, images 15 s and
 * videos their duration, hold to pause, tap sides for previous/next through active stories and then
 * highlights, muted start, like and reply for others, views and 'Visto por' for the owner.
 */
export function StoryViewer({
  username,
  start = 'active',
  onClose,
  onNextPerson,
  onPreviousPerson,
  group,
}: {
  username: string;
  start?: Tab;
  /** Only the highlights of one Quickyteca group ('recents' for Recientes). */
  group?: string;
  onClose: () => void;
  /** In a row of people: moves on to the next person's stories instead of into highlights. */
  onNextPerson?: () => void;
  onPreviousPerson?: () => void;
}) {
  const reel = useStoryReel(username);
  const { token, username: me } = useSession();
  const toast = useToast();
  const refresh = useRefreshStories();
  const storyLike = useStoryLike();
  const storyReply = useStoryReply();
  const ownerActions = useStoryOwnerActions();
  const [tab, setTab] = useState<Tab>(start);
  const [index, setIndex] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [held, setHeld] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  const [muted, setMuted] = useState(true);
  const [typing, setTyping] = useState(false);
  const [reply, setReply] = useState('');
  const [liked, setLiked] = useState<{ id: string; isLiked: boolean; likes: number } | null>(null);
  const pressTimer = useRef<number | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  const active = reel.data?.active ?? [];
  const allHighlights = reel.data?.highlights;
  const highlights = useMemo(
    () => (allHighlights ?? []).filter((item) => group === undefined || (group === 'recents' ? item.groupId === null : item.groupId === group)),
    [allHighlights, group],
  );
  const items = tab === 'active' ? active : highlights;
  const current = items[Math.min(index, Math.max(0, items.length - 1))];
  const isOwner = me !== null && me.toLowerCase() === username.toLowerCase();
  const meta = useStoryMeta(current?.id);
  const paused = held || panel !== null || typing;
  const duration = current ? playDuration(current) : 0;

  const go = useCallback((nextTab: Tab, nextIndex: number) => {
    setTab(nextTab);
    setIndex(nextIndex);
    setElapsed(0);
  }, []);

  const next = useCallback(() => {
    if (index < items.length - 1) go(tab, index + 1);
    else if (onNextPerson) onNextPerson();
    else if (tab === 'active' && highlights.length > 0) go('highlights', 0);
    else onClose();
  }, [index, items.length, tab, highlights.length, go, onClose, onNextPerson]);

  const previous = useCallback(() => {
    if (index > 0) go(tab, index - 1);
    else if (tab === 'highlights' && active.length > 0) go('active', active.length - 1);
    else if (onPreviousPerson) onPreviousPerson();
    else setElapsed(0);
  }, [index, tab, active.length, go, onPreviousPerson]);

  // The progress clock.
  useEffect(() => {
    if (!current || paused) return;
    const timer = window.setInterval(() => setElapsed((value) => value + STORY_TICK_MS), STORY_TICK_MS);
    return () => window.clearInterval(timer);
  }, [current, paused]);
  useEffect(() => {
    if (current && elapsed >= duration) next();
  }, [elapsed, duration, current, next]);

  // Videos follow the pause state.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (paused) element.pause();
    else void element.play().catch(() => undefined);
  }, [paused, current?.id]);

  useEffect(() => {
    if (current && token && !isOwner) registerViewOnce(current.id);
  }, [current, token, isOwner]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (panel || typing) return;
      if (event.key === 'ArrowRight') next();
      if (event.key === 'ArrowLeft') previous();
    };
    window.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose, next, previous, panel, typing]);

  const action = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast(done, 'success');
      setPanel(null);
      void refresh();
    } catch (error) {
      toast(errorText(error, t('stories.actionFailed')), 'error');
    }
  };

  const likeState = liked && liked.id === current?.id ? liked : meta.data && current ? { id: current.id, ...meta.data } : null;
  const toggleLike = async () => {
    if (!current || !likeState) return;
    const nextLiked = !likeState.isLiked;
    setLiked({ id: current.id, isLiked: nextLiked, likes: Math.max(0, likeState.likes + (nextLiked ? 1 : -1)) });
    try {
      const response = await storyLike.mutateAsync({ id: current.id, like: nextLiked });
      setLiked({ id: current.id, isLiked: nextLiked, likes: response.likes });
    } catch {
      setLiked({ id: current.id, isLiked: likeState.isLiked, likes: likeState.likes });
    }
  };

  const sendReply = async (event: FormEvent) => {
    event.preventDefault();
    const text = reply.trim();
    if (!current || !text) return;
    try {
      await storyReply.mutateAsync({ id: current.id, text });
      setReply('');
      toast(t('stories.replySent'), 'success');
    } catch (error) {
      toast(errorText(error, t('stories.replyFailed')), 'error');
    }
  };

  const owner = reel.data?.owner;
  return (
    <div className="story-viewer" role="dialog" aria-modal="true" aria-label={t('stories.viewerLabel', { username })} data-testid="story-viewer">
      {reel.isPending ? <p className="story-viewer__status">{t('stories.loading')}</p> : null}
      {!reel.isPending && !current ? (
        <div className="story-viewer__status">
          <p>{tab === 'highlights' ? t('stories.noHighlights') : t('stories.empty')}</p>
          <Button variant="secondary" onClick={onClose}>
            {t('stories.close')}
          </Button>
        </div>
      ) : null}
      {current ? (
        <div className="story-viewer__frame">
          <div className="story-viewer__bars" aria-hidden="true">
            {items.map((item, position) => (
              <span key={`${item.id}-${position}`} className="story-viewer__bar">
                <span
                  data-testid={position === index ? 'story-progress' : undefined}
                  style={{ width: `${position < index ? 100 : position === index ? Math.min(100, (elapsed / duration) * 100) : 0}%` }}
                />
              </span>
            ))}
          </div>
          <header className="story-viewer__head">
            <AppLink to={`/${encodeURIComponent(username)}`} className="story-viewer__who" onClick={onClose}>
              <Avatar name={owner?.full_name || username} src={owner?.avatar} size={32} />
              <strong>{username}</strong>
              <small>{storyAge(current.createdAt)}</small>
            </AppLink>
            {active.length > 0 && highlights.length > 0 ? (
              <div className="story-viewer__tabs" role="tablist">
                {(['active', 'highlights'] as const).map((value) => (
                  <button key={value} type="button" role="tab" aria-selected={tab === value} onClick={() => go(value, 0)}>
                    {value === 'active' ? t('stories.tabActive') : t('stories.tabHighlights')}
                  </button>
                ))}
              </div>
            ) : null}
            <div className="story-viewer__tools">
              {current.type === 'video' ? (
                <button type="button" className="story-icon" aria-label={muted ? t('stories.unmute') : t('stories.mute')} aria-pressed={!muted} onClick={() => setMuted(!muted)}>
                  <Icon name={muted ? 'volumeOff' : 'volume'} size={20} />
                </button>
              ) : null}
              {isOwner ? (
                <button type="button" className="story-icon" aria-label={t('stories.options')} onClick={() => setPanel(panel === 'options' ? null : 'options')}>
                  <Icon name="settings" size={20} />
                </button>
              ) : (
                <AppLink to={`/report/story/${encodeURIComponent(current.id)}`} className="story-icon" aria-label={t('moreMenu.report')} data-testid="report-story">
                  <Icon name="flag" size={20} />
                </AppLink>
              )}
              <button type="button" className="story-icon" aria-label={t('stories.close')} onClick={onClose}>
                <Icon name="close" size={22} />
              </button>
            </div>
          </header>

          <div
            className="story-viewer__stage"
            data-testid="story-stage"
            data-paused={paused || undefined}
            onPointerDown={() => {
              pressTimer.current = window.setTimeout(() => setHeld(true), HOLD_MS);
            }}
            onPointerUp={(event) => {
              if (pressTimer.current) window.clearTimeout(pressTimer.current);
              pressTimer.current = null;
              if (held) {
                setHeld(false);
                return;
              }
              const box = event.currentTarget.getBoundingClientRect();
              if (event.clientX - box.left < box.width / 3) previous();
              else next();
            }}
            onPointerLeave={() => {
              if (pressTimer.current) window.clearTimeout(pressTimer.current);
              setHeld(false);
            }}
          >
            {current.type === 'video' ? (
              <video key={current.id} ref={video} src={current.url} poster={current.posterUrl ?? undefined} muted={muted} playsInline autoPlay data-testid="story-video" />
            ) : (
              <img key={current.id} src={current.url} alt="" draggable={false} />
            )}
          </div>
          <button type="button" className="story-viewer__nav story-viewer__nav--prev" aria-label={t('stories.previous')} onClick={previous}>
            <Icon name="chevronLeft" size={22} />
          </button>
          <button type="button" className="story-viewer__nav story-viewer__nav--next" aria-label={t('stories.next')} onClick={next}>
            <Icon name="chevronRight" size={22} />
          </button>

          <footer className="story-viewer__foot">
            {isOwner ? (
              <button type="button" className="story-viewer__views" onClick={() => setPanel('viewers')}>
                <Icon name="eye" size={18} /> {t('stories.viewsCount', { count: meta.data?.views ?? 0 })}
              </button>
            ) : token ? (
              <form className="story-viewer__reply" onSubmit={(event) => void sendReply(event)}>
                <input
                  value={reply}
                  maxLength={1000}
                  placeholder={t('stories.replyPlaceholder', { username })}
                  aria-label={t('stories.replyPlaceholder', { username })}
                  onFocus={() => setTyping(true)}
                  onBlur={() => setTyping(false)}
                  onChange={(event) => setReply(event.target.value)}
                />
                <button type="submit" className="story-icon" aria-label={t('stories.send')} disabled={!reply.trim()}>
                  <Icon name="send" size={20} />
                </button>
                <button
                  type="button"
                  className={likeState?.isLiked ? 'story-icon story-icon--on' : 'story-icon'}
                  aria-label={t('stories.like')}
                  aria-pressed={likeState?.isLiked ?? false}
                  onClick={() => void toggleLike()}
                >
                  <Icon name="heart" size={22} />
                </button>
              </form>
            ) : (
              <div className="story-viewer__guest">
                <span>{t('stories.loginToReact')}</span>
                <span>{t('stories.loginToReply')}</span>
              </div>
            )}
          </footer>

          {panel === 'viewers' ? <ViewersPanel storyId={current.id} onClose={() => setPanel(null)} /> : null}
          {panel === 'options' ? (
            <ul className="story-viewer__menu" role="menu">
              {current.kind === 'active' ? (
                <li>
                  <button type="button" role="menuitem" onClick={() => void action(() => ownerActions.moveToHighlights.mutateAsync(current.id), t('stories.moved'))}>
                    {t('stories.moveToHighlights')}
                  </button>
                </li>
              ) : null}
              <li>
                <button type="button" role="menuitem" onClick={() => setPanel('group')}>
                  {t('stories.sendToGroup')}
                </button>
              </li>
              <li>
                <button type="button" role="menuitem" className="story-viewer__danger" onClick={() => setPanel('delete')}>
                  {t('stories.delete')}
                </button>
              </li>
            </ul>
          ) : null}
          {panel === 'group' && me ? (
            <GroupDialog
              me={me}
              onClose={() => setPanel(null)}
              onPick={(groupId) =>
                void action(() => ownerActions.moveToGroup.mutateAsync({ id: current.id, groupId }), t('stories.moved'))
              }
            />
          ) : null}
          {panel === 'delete' ? (
            <div className="story-panel story-panel--confirm" role="alertdialog" aria-label={t('stories.deleteTitle')}>
              <p>{t('stories.deleteTitle')}</p>
              <div>
                <Button variant="secondary" onClick={() => setPanel(null)}>
                  {t('stories.cancel')}
                </Button>
                <Button
                  variant="danger"
                  onClick={() =>
                    void action(async () => {
                      await ownerActions.remove.mutateAsync(current.id);
                      if (items.length <= 1) onClose();
                      else if (index >= items.length - 1) go(tab, index - 1);
                    }, t('stories.deleted'))
                  }
                >
                  {t('stories.deleteConfirm')}
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
