import { useCallback, useRef, useState } from 'react';
import { PlayerInfo, PlayerRail } from '../../../components/quicky-player/player-parts';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { useNavigate, useParams } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useMutedPreference } from '../../../lib/sound-preference';
import { useVideoSource } from '../../../lib/video-source';
import { useVideoView } from '../../../lib/video-views';
import { useAuthorQuickys } from '../api/use-author-quickys';
import { videoPoster } from '../lead-picture';
import { swipeDirection } from '../../../lib/swipe';
import { usePost } from '../api/use-post';
import { PostNotFound, WIDE_LAYOUT_QUERY } from './post-page';
import { PostRail, type PostComments } from './post-rail';
import './quicky.css';

/**
 * /quicky/{slug}: a vertical video that starts muted (the sound choice is the player's, remembered);
 * swipe or the buttons move through the author's quickys. Phones show it as the player does, the
 * author, caption and actions over the video; wide screens put them, with the comments, beside it.
 */
export function QuickyPage({ Comments }: { Comments: PostComments }) {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const quicky = usePost(slug);
  const siblings = useAuthorQuickys(quicky.data?.user.username);
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const [muted, setMuted] = useMutedPreference();
  const [sheetOpen, setSheetOpen] = useState(false);
  const startY = useRef<number | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const closeComments = useCallback(() => setSheetOpen(false), []);
  const shown = quicky.data;
  useVideoView(video, shown && !shown.locked && shown.status === 'ready' ? shown.id : null);
  const source = useVideoSource(
    video,
    { stream: shown?.media[0]?.stream_url ?? shown?.stream_url, file: shown?.media[0]?.url ?? shown?.video_url },
    { load: Boolean(shown && !shown.locked && shown.status === 'ready') },
  );
  useDocumentTitle(quicky.data ? t('quicky.documentTitle', { username: quicky.data.user.username }) : null);

  const slugs = siblings.data ?? [];
  const index = slugs.indexOf(slug);
  const previous = index > 0 ? slugs[index - 1] : undefined;
  const next = index >= 0 && index < slugs.length - 1 ? slugs[index + 1] : undefined;
  const go = (target: string | undefined) => {
    if (target) navigate(`/quicky/${encodeURIComponent(target)}`, { replace: true });
  };

  if (quicky.isPending) {
    return (
      <p className="page-status" role="status">
        {t('quicky.loading')}
      </p>
    );
  }
  if (quicky.isError || !quicky.data) {
    const missing = quicky.error instanceof ApiError && quicky.error.status === 404;
    return <PostNotFound title={t('quicky.notFoundTitle')} body={missing ? t('quicky.notFoundBody') : t('quicky.loadFailed')} />;
  }

  const data = quicky.data;
  const media = data.media[0];
  const playable = !data.locked && data.status === 'ready' && Boolean(media?.url ?? data.video_url);

  return (
    <article className="quicky-page" data-testid="quicky-page">
      <div
        className="quicky-stage"
        data-testid="quicky-stage"
        onPointerDown={(event) => {
          if ((event.target as HTMLElement).closest('button, a')) return;
          startY.current = event.clientY;
        }}
        onPointerUp={(event) => {
          if (startY.current === null) return;
          const direction = swipeDirection(startY.current, event.clientY);
          startY.current = null;
          if (direction === 'next') go(next);
          if (direction === 'previous') go(previous);
        }}
      >
        {playable ? (
          <video
            ref={video}
            key={data.id}
            className="quicky-stage__video"
            src={source}
            poster={videoPoster(data)}
            autoPlay
            loop
            playsInline
            muted={muted}
            data-testid="quicky-video"
          />
        ) : (
          <div className="quicky-stage__note">
            <Icon name={data.locked ? 'lock' : 'clock'} size={32} />
            <p>{data.locked ? t('post.lockedBody', { username: data.user.username }) : t('post.processing')}</p>
          </div>
        )}
        {playable ? (
          <button
            type="button"
            className="quicky-stage__mute"
            aria-pressed={!muted}
            aria-label={muted ? t('quicky.unmute') : t('quicky.mute')}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => setMuted(!muted)}
          >
            <Icon name={muted ? 'volumeOff' : 'volume'} size={20} />
          </button>
        ) : null}
        <div className="quicky-stage__nav" onPointerDown={(event) => event.stopPropagation()}>
          <button type="button" aria-label={t('quicky.previous')} disabled={!previous} onClick={() => go(previous)}>
            <Icon name="chevronUp" size={22} />
          </button>
          <button type="button" aria-label={t('quicky.next')} disabled={!next} onClick={() => go(next)}>
            <Icon name="chevronDown" size={22} />
          </button>
        </div>
        {!wide && slugs.length > 1 ? <p className="quicky-stage__hint">{t('quicky.swipeHint')}</p> : null}
        {wide ? null : (
          <>
            <PlayerInfo item={data} detail={data} />
            <PlayerRail item={data} detail={data} testIds onComments={() => setSheetOpen(true)} />
          </>
        )}
      </div>
      {wide ? (
        <PostRail
          post={data}
          Comments={Comments}
          wide={wide}
          sheetOpen={sheetOpen}
          onOpenSheet={() => setSheetOpen(true)}
          onCloseSheet={closeComments}
          className="quicky-page__rail"
        />
      ) : sheetOpen ? (
        <BottomSheet title={t('post.commentsTitle')} onClose={closeComments}>
          <Comments postId={data.id} />
        </BottomSheet>
      ) : null}
    </article>
  );
}
