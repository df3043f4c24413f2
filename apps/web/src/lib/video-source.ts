import { useEffect, useState, type RefObject } from 'react';

/**
 * How a video is played (decision record on adaptive streaming): its HLS stream where there is one,
 * natively where the browser plays HLS itself (Safari, iOS), through hls.js where it has Media Source
 * Extensions (loaded only when such a stream is about to play), else the MP4; and the MP4 again after
 * any fatal error of the stream.
 */
export type VideoPlan =
  | { kind: 'native'; src: string; fallback: string | undefined }
  | { kind: 'hls.js'; stream: string; fallback: string | undefined }
  | { kind: 'file'; src: string | undefined };

export interface PlaybackAbilities {
  /** The browser plays `application/vnd.apple.mpegurl` in a <video> itself. */
  nativeHls: boolean;
  /** Media Source Extensions that take H.264/AAC: what hls.js needs. */
  mediaSource: boolean;
}

export function chooseVideoPlan(sources: { stream?: string | null; file?: string | null }, abilities: PlaybackAbilities): VideoPlan {
  const file = sources.file ?? undefined;
  if (!sources.stream) return { kind: 'file', src: file };
  if (abilities.nativeHls) return { kind: 'native', src: sources.stream, fallback: file };
  if (abilities.mediaSource) return { kind: 'hls.js', stream: sources.stream, fallback: file };
  return { kind: 'file', src: file };
}

/** The codecs of every rung of a WAG ladder: a browser whose MSE refuses them gets the MP4. */
const LADDER_MIME = 'video/mp4; codecs="avc1.64001f,mp4a.40.2"';

let abilities: PlaybackAbilities | undefined;

/** What this browser can play, asked once. */
export function playbackAbilities(): PlaybackAbilities {
  if (abilities) return abilities;
  const probe = typeof document === 'undefined' ? null : document.createElement('video');
  const source = typeof window === 'undefined' ? undefined : (window.ManagedMediaSource ?? window.MediaSource);
  abilities = {
    nativeHls: Boolean(probe?.canPlayType('application/vnd.apple.mpegurl')),
    mediaSource: Boolean(source?.isTypeSupported?.(LADDER_MIME)),
  };
  return abilities;
}

/** Tests only: forget what was asked, so each test can give the browser other abilities. */
export function resetPlaybackAbilities(): void {
  abilities = undefined;
}

declare global {
  interface Window {
    /** Safari's Media Source (iOS 17.1 and later), which plays the same as MediaSource. */
    ManagedMediaSource?: typeof MediaSource;
  }
}

/** The short side at most a stream starts at: sharp on a phone, and its first segments come quickly. */
const START_SHORT_SIDE_MAX = 720;

/**
 * The rung a stream starts at: the smallest that covers the player in device pixels (as hls.js's
 * capLevelToPlayerSize caps), at most 720p; hls.js then adapts to the measured bandwidth.
 */
export function startLevel(levels: ReadonlyArray<{ width: number; height: number }>, player: { width: number; height: number }, pixelRatio: number): number {
  if (levels.length === 0) return -1;
  const indexed = levels.map((level, index) => ({ ...level, index })).sort((a, b) => a.height * a.width - b.height * b.width);
  const allowed = indexed.filter((level) => Math.min(level.width, level.height) <= START_SHORT_SIDE_MAX);
  const candidates = allowed.length > 0 ? allowed : indexed.slice(0, 1);
  const width = player.width * pixelRatio;
  const height = player.height * pixelRatio;
  const covering = candidates.find((level) => level.width >= width || level.height >= height);
  return (covering ?? candidates[candidates.length - 1]!).index;
}

/** Seconds hls.js keeps ahead of the playhead: a quicky swiped away leaves little unwatched in its buffer. */
const BUFFER_AHEAD_S = 10;
/** A video loaded but not playing yet (the next quicky, a post page's video) only fetches its start. */
const PRELOAD_AHEAD_S = 2;

/**
 * The `src` to give a <video> (undefined while hls.js plays it), and hls.js attached to it while
 * `load` is true for a stream that needs it; `load` false leaves such a stream unloaded, the poster
 * showing. Until the video plays, only its first seconds are fetched.
 */
export function useVideoSource(
  video: RefObject<HTMLVideoElement | null>,
  sources: { stream?: string | null; file?: string | null },
  options: { load: boolean },
): string | undefined {
  const { stream, file } = sources;
  const [failed, setFailed] = useState(false);
  const plan = failed ? ({ kind: 'file', src: file ?? undefined } as const) : chooseVideoPlan({ stream, file }, playbackAbilities());
  const hlsStream = plan.kind === 'hls.js' ? plan.stream : null;
  const attach = hlsStream !== null && options.load;

  // A stream the browser plays itself falls back on the element's own error.
  useEffect(() => {
    const element = video.current;
    if (plan.kind !== 'native' || !element) return;
    const onError = () => setFailed(true);
    element.addEventListener('error', onError);
    return () => element.removeEventListener('error', onError);
  }, [plan.kind, video]);

  useEffect(() => {
    const element = video.current;
    if (!attach || !hlsStream || !element) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import('hls.js/light')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        const playing = () => element.autoplay || !element.paused;
        const hls = new Hls({
          capLevelToPlayerSize: true,
          autoStartLoad: false,
          maxBufferLength: playing() ? BUFFER_AHEAD_S : PRELOAD_AHEAD_S,
          maxMaxBufferLength: BUFFER_AHEAD_S * 2,
        });
        const onPlay = () => {
          hls.config.maxBufferLength = BUFFER_AHEAD_S;
        };
        element.addEventListener('play', onPlay);
        destroy = () => {
          element.removeEventListener('play', onPlay);
          hls.destroy();
        };
        hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
          const box = element.getBoundingClientRect();
          hls.startLevel = startLevel(data.levels, { width: box.width, height: box.height }, window.devicePixelRatio || 1);
          hls.startLoad();
          // A player asked to play before the stream was attached (autoplay, or play() on a swipe) plays now.
          if (playing()) void Promise.resolve().then(() => element.play()).catch(() => undefined);
        });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          destroy?.();
          destroy = undefined;
          setFailed(true);
        });
        hls.loadSource(hlsStream);
        hls.attachMedia(element);
      })
      // The chunk did not arrive (offline, a new version deployed): the MP4 still plays.
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [attach, hlsStream, video]);

  // A different video (another post in the same element) gets its own chance at its stream.
  useEffect(() => setFailed(false), [stream, file]);

  if (plan.kind === 'file') return plan.src;
  if (plan.kind === 'native') return plan.src;
  return undefined;
}
