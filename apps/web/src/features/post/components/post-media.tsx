import type { PostDetail } from '@wag/contract/posts';
import { useRef, useState, type CSSProperties } from 'react';
import { Icon } from '../../../components/ui/icon';
import { t } from '../../../lib/i18n';
import { useVideoSource } from '../../../lib/video-source';
import { useVideoView } from '../../../lib/video-views';
import { isVideoPost } from '../../../components/posts/post-media';
import { videoPoster } from '../lead-picture';

/** Frame ratios a photo keeps on its page; beyond them (a panorama, a long screenshot) it is cropped to fit. */
const NARROWEST = 9 / 16;
const WIDEST = 1.91;

/**
 * The width / height of a post's photo frame: the first photo's own (a carousel keeps one frame, as
 * Instagram does), from the sizes the API sends, so the box is right before the picture arrives.
 */
export function mediaFrameRatio(post: Pick<PostDetail, 'media' | 'width' | 'height'>): number {
  const first = post.media[0];
  const width = first?.width ?? post.width;
  const height = first?.height ?? post.height;
  if (!width || !height) return 1;
  return Math.min(WIDEST, Math.max(NARROWEST, width / height));
}

/** The media of a post: a locked panel, a processing notice, a video, one image or a swipeable carousel. */
export function PostMedia({ post }: { post: PostDetail }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const isVideo = isVideoPost(post);
  useVideoView(video, isVideo && !post.locked && post.status === 'ready' ? post.id : null);
  const first = post.media[0];
  const source = useVideoSource(
    video,
    { stream: first?.stream_url ?? post.stream_url, file: first?.url ?? post.video_url },
    { load: isVideo && !post.locked && post.status === 'ready' },
  );

  if (post.locked) {
    return (
      <div className="post-media post-media--note" data-testid="post-locked">
        <Icon name="lock" size={32} />
        <p className="post-media__title">{t('post.lockedTitle')}</p>
        <p>{t('post.lockedBody', { username: post.user.username })}</p>
      </div>
    );
  }
  if (post.status !== 'ready') {
    return (
      <div className="post-media post-media--note">
        <Icon name={post.status === 'failed' ? 'alert' : 'clock'} size={32} />
        <p>{post.status === 'failed' ? t('post.failed') : t('post.processing')}</p>
      </div>
    );
  }

  const items = post.media;
  if (isVideo) {
    return (
      <div className="post-media post-media--video">
        <video
          ref={video}
          src={source}
          poster={videoPoster(post)}
          controls
          playsInline
          muted
          preload="metadata"
        />
      </div>
    );
  }

  const go = (next: number) => {
    const clamped = Math.max(0, Math.min(items.length - 1, next));
    track.current?.scrollTo({ left: clamped * track.current.clientWidth, behavior: 'smooth' });
    setIndex(clamped);
  };

  return (
    <div className="post-media post-media--photos" style={{ '--media-ratio': mediaFrameRatio(post) } as CSSProperties} data-testid="post-photos">
      <div
        className="post-media__track"
        ref={track}
        onScroll={(event) => {
          const el = event.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {items.map((item, position) => (
          <img
            key={position}
            src={item.url ?? undefined}
            alt={items.length > 1 ? t('post.photoOf', { n: position + 1, total: items.length }) : post.title ?? post.body.slice(0, 80)}
            width={item.width ?? undefined}
            height={item.height ?? undefined}
            // The first photo is the page's largest picture (app/early-start.ts may have asked for it
            // already); the second comes after it, ready for the first swipe (some browsers start a lazy
            // picture in a scroller only once it shows); the others wait until the carousel nears them.
            loading={position <= 1 ? 'eager' : 'lazy'}
            fetchPriority={position === 0 ? 'high' : position === 1 ? 'low' : 'auto'}
            decoding="async"
          />
        ))}
      </div>
      {items.length > 1 ? (
        <>
          <span className="post-media__count">{t('profile.photos', { count: items.length })}</span>
          <button type="button" className="post-media__nav post-media__nav--prev" aria-label={t('post.previousPhoto')} disabled={index === 0} onClick={() => go(index - 1)}>
            <Icon name="chevronLeft" size={20} />
          </button>
          <button type="button" className="post-media__nav post-media__nav--next" aria-label={t('post.nextPhoto')} disabled={index >= items.length - 1} onClick={() => go(index + 1)}>
            <Icon name="chevronRight" size={20} />
          </button>
          <div className="post-media__dots" aria-hidden="true">
            {items.map((_, position) => (
              <span key={position} className={position === index ? 'post-media__dot post-media__dot--on' : 'post-media__dot'} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
