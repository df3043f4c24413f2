import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { VipOffer } from '../posts/feed-card';
import { quickyPoster } from '../posts/post-media';
import { BottomSheet } from '../ui/bottom-sheet';
import { Icon } from '../ui/icon';
import { t } from '../../lib/i18n';
import { useAfterFirstScreen } from '../../lib/idle';
import { usePlayerPost } from '../../lib/queries/player-post';
import { useSession } from '../../lib/session';
import { useMutedPreference } from '../../lib/sound-preference';
import { isDoubleTap, keyStep, swipeDirection, wheelStep, type Step, type Tap } from '../../lib/swipe';
import { useVideoSource } from '../../lib/video-source';
import { useVideoView } from '../../lib/video-views';
import { PlayerInfo, PlayerRail, useItemLike, type PlayerItem } from './player-parts';
import './quicky-player.css';
import { useSendToLogin } from '../../lib/login-return';

export type { PlayerItem } from './player-parts';

export interface QuickyPlayerProps {
  items: PlayerItem[];
  /** The item on screen; the screen that shows the player keeps it (in its state or its URL). */
  index: number;
  onIndexChange: (index: number) => void;
  hasMore?: boolean;
  loadMore?: () => void;
  /** A post's comments, given by the route (comments are a feature of their own). */
  Comments: ComponentType<{ postId: string }>;
  /** 'inline' fills the page between the bars; 'overlay' covers the whole screen with a way back. */
  variant: 'inline' | 'overlay';
  onClose?: () => void;
  /** Shown over the top of the video (the home's tabs). */
  top?: ReactNode;
  /** What the list holds when it is empty (loading, failed, nothing left). */
  empty?: ReactNode;
  label: string;
}

/** How close to the end of what is loaded the next page is asked for. */
const PRELOAD_PAGE_AHEAD = 3;

/**
 * The full-screen vertical quicky player (issue 16): one item at a time; the visible video plays
 * muted (the sound choice is remembered), the next one loads ahead; swipe, wheel, arrow keys and the
 * up/down buttons move; a double tap likes with a heart; like, comments, save, share and the author
 * sit in a rail over the video; comments open in the bottom sheet.
 */
export function QuickyPlayer({ items, index, onIndexChange, hasMore, loadMore, Comments, variant, onClose, top, empty, label }: QuickyPlayerProps) {
  const [commentsFor, setCommentsFor] = useState<string | null>(null);
  const lastWheel = useRef(0);
  const counted = useRef(new Set<string>());
  const current = Math.min(Math.max(index, 0), Math.max(items.length - 1, 0));

  const step = useCallback(
    (direction: Step) => {
      const target = direction === 'next' ? current + 1 : current - 1;
      if (target >= 0 && target < items.length) onIndexChange(target);
    },
    [current, items.length, onIndexChange],
  );

  // The next page is asked for while a few items are still ahead, so swiping never waits at the end.
  useEffect(() => {
    if (hasMore && loadMore && items.length > 0 && current >= items.length - PRELOAD_PAGE_AHEAD) loadMore();
  }, [current, items.length, hasMore, loadMore]);

  // A layout effect: the keys must follow the item on screen from the moment it is drawn. A passive
  // effect leaves the previous item's handler listening for a moment after the new one shows, and a
  // quick press then goes to where the player already is.
  useLayoutEffect(() => {
    if (commentsFor) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (event.defaultPrevented || target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      // A dialog over the player (search, a menu, the payment sheet) keeps the keys.
      if (document.querySelector('[aria-modal="true"]')) return;
      if (event.key === 'Escape' && onClose) {
        onClose();
        return;
      }
      const direction = keyStep(event.key);
      if (!direction) return;
      event.preventDefault();
      step(direction);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [commentsFor, onClose, step]);

  // The overlay covers the page: the page behind it does not scroll.
  useEffect(() => {
    if (variant !== 'overlay') return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [variant]);

  const closeComments = useCallback(() => setCommentsFor(null), []);

  return (
    <section
      className={`qp qp--${variant}`}
      aria-label={label}
      aria-roledescription={t('player.roleDescription')}
      data-testid="quicky-player"
      data-index={current}
      onWheel={(event) => {
        if (commentsFor) return;
        const now = Date.now();
        const direction = wheelStep(event.deltaY, now, lastWheel.current);
        if (!direction) return;
        lastWheel.current = now;
        step(direction);
      }}
    >
      <div className="qp__track">
        {items.length === 0 ? <div className="qp__empty">{empty}</div> : null}
        {items.map((item, position) => {
          const offset = position - current;
          // Only the item on screen and its two neighbours are in the page: the next one loads ahead.
          if (Math.abs(offset) > 1) return null;
          return (
            <Slide
              key={item.id}
              item={item}
              offset={offset}
              counted={counted.current}
              onStep={step}
              onComments={() => setCommentsFor(item.id)}
            />
          );
        })}
      </div>
      {top ? <div className="qp__top">{top}</div> : null}
      {onClose ? (
        <button type="button" className="qp__close" aria-label={t('player.close')} onClick={onClose}>
          <Icon name="arrowLeft" size={24} />
        </button>
      ) : null}
      <div className="qp__nav">
        <button type="button" aria-label={t('quicky.previous')} disabled={current <= 0} onClick={() => step('previous')}>
          <Icon name="chevronUp" size={24} />
        </button>
        <button type="button" aria-label={t('quicky.next')} disabled={current >= items.length - 1} onClick={() => step('next')}>
          <Icon name="chevronDown" size={24} />
        </button>
      </div>
      {commentsFor ? (
        <div className="qp__sheet">
          <BottomSheet title={t('post.commentsTitle')} onClose={closeComments}>
            <Comments postId={commentsFor} />
          </BottomSheet>
        </div>
      ) : null}
    </section>
  );
}

/** play() as a promise even where it answers nothing or throws (older engines, test doubles). */
function play(element: HTMLVideoElement): Promise<void> {
  return Promise.resolve().then(() => element.play());
}

interface SlideProps {
  item: PlayerItem;
  /** -1 above the screen, 0 on it, 1 below it. */
  offset: number;
  counted: Set<string>;
  onStep: (direction: Step) => void;
  onComments: () => void;
}

interface Heart {
  key: number;
  x: number;
  y: number;
}

function Slide({ item, offset, counted, onStep, onComments }: SlideProps) {
  const active = offset === 0;
  const { token } = useSession();
  const sendToLogin = useSendToLogin();
  const video = useRef<HTMLVideoElement>(null);
  const press = useRef<Tap | null>(null);
  const lastTap = useRef<Tap | null>(null);
  const tapTimer = useRef<number | undefined>(undefined);
  const [muted, setMuted] = useMutedPreference();
  const [paused, setPaused] = useState(false);
  const [hearts, setHearts] = useState<Heart[]>([]);
  // The detail says what a list does not (whether the viewer follows the author, whether it is theirs);
  // guests have nothing more to learn from it.
  const detail = usePlayerPost(item.slug, Boolean(token) && offset >= 0).data;
  const like = useItemLike(item, detail);
  const playable = !item.locked && item.status === 'ready' && Boolean(item.video_url ?? item.media_url);
  const src = item.video_url ?? item.media_url ?? undefined;
  const poster = quickyPoster(item);
  // The neighbours' stills and video bytes wait until the first screen is drawn: the phone's line goes
  // to the one on screen (the page's largest picture) first. A swipe before then puts a neighbour on
  // screen, which loads at once.
  const drawn = useAfterFirstScreen();
  // The stream loads for the quicky on screen and the next one, as the MP4 preloads; hls.js only then.
  const source = useVideoSource(video, { stream: item.stream_url, file: src }, { load: playable && (active || offset === 1) });
  const knowsLike = !token || detail !== undefined || item.isLiked !== undefined;

  useVideoView(video, active && playable ? item.id : null, counted);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!active) {
      element.pause();
      return;
    }
    setPaused(false);
    element.muted = muted;
    play(element).catch(() => {
      // A browser that refuses sound without a tap still plays the video muted.
      if (!element.muted) {
        element.muted = true;
        void play(element).catch(() => undefined);
      }
    });
    // `muted` is applied by the effect below; restarting playback on a sound change would rewind nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  useEffect(() => () => window.clearTimeout(tapTimer.current), []);

  const togglePause = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) {
      void play(element).catch(() => undefined);
      setPaused(false);
    } else {
      element.pause();
      setPaused(true);
    }
  };

  const likeFromTap = (tap: Tap, box: DOMRect) => {
    setHearts((list) => [...list, { key: tap.at, x: tap.x - box.left, y: tap.y - box.top }]);
    window.setTimeout(() => setHearts((list) => list.filter((heart) => heart.key !== tap.at)), 900);
    // A double tap only ever likes (as in the apps people know); the heart button undoes it.
    if (!token) sendToLogin();
    else if (knowsLike && !like.isLiked) like.toggle();
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button, a')) return;
    press.current = { at: Date.now(), x: event.clientX, y: event.clientY };
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = press.current;
    press.current = null;
    if (!start || !active) return;
    const direction = swipeDirection(start.y, event.clientY);
    if (direction) {
      onStep(direction);
      return;
    }
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > 12) return;
    const tap = { at: Date.now(), x: event.clientX, y: event.clientY };
    if (isDoubleTap(lastTap.current, tap)) {
      window.clearTimeout(tapTimer.current);
      lastTap.current = null;
      likeFromTap(tap, event.currentTarget.getBoundingClientRect());
      return;
    }
    lastTap.current = tap;
    // A single tap pauses, once it is clear no second tap follows.
    window.clearTimeout(tapTimer.current);
    if (playable) tapTimer.current = window.setTimeout(togglePause, 320);
  };

  return (
    <article
      className="qp-slide"
      style={{ transform: `translateY(${offset * 100}%)` }}
      aria-hidden={active ? undefined : true}
      inert={active ? undefined : true}
      data-testid="player-slide"
      data-active={active || undefined}
      data-post-id={item.id}
      data-slug={item.slug}
    >
      <div className="qp-slide__stage" data-testid={active ? 'player-stage' : undefined} onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
        {playable ? (
          <video
            ref={video}
            className="qp-slide__video"
            src={source}
            poster={active || drawn ? poster : undefined}
            loop
            playsInline
            muted={muted}
            autoPlay={active}
            preload={active ? 'auto' : !drawn ? 'none' : offset === 1 ? 'auto' : 'metadata'}
            data-testid={active ? 'player-video' : 'player-video-idle'}
          />
        ) : (
          <div className="qp-slide__note" data-testid={item.locked ? 'player-locked' : undefined}>
            <Icon name={item.locked ? 'lock' : item.status === 'failed' ? 'alert' : 'clock'} size={36} />
            <p>{item.locked ? t('post.lockedBody', { username: item.user.username }) : item.status === 'failed' ? t('post.failed') : t('post.processing')}</p>
            {item.locked ? <VipOffer username={item.user.username} /> : null}
          </div>
        )}
        {paused && active ? (
          <span className="qp-slide__paused" aria-hidden="true">
            <Icon name="play" size={44} />
          </span>
        ) : null}
        {hearts.map((heart) => (
          <span key={heart.key} className="qp-slide__heart" style={{ left: heart.x, top: heart.y }} data-testid="player-heart" aria-hidden="true">
            <Icon name="heart" size={96} />
          </span>
        ))}
        {playable ? (
          <button
            type="button"
            className="qp-slide__mute"
            aria-pressed={!muted}
            aria-label={muted ? t('quicky.unmute') : t('quicky.mute')}
            onClick={() => setMuted(!muted)}
          >
            <Icon name={muted ? 'volumeOff' : 'volume'} size={20} />
          </button>
        ) : null}
        <PlayerInfo item={item} detail={detail} />
      </div>
      <PlayerRail item={item} detail={detail} testIds={active} onComments={onComments} />
    </article>
  );
}
