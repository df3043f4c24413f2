import { useEffect, useState, type RefObject } from 'react';
import { afterFirstScreen } from './idle';

/**
 * How a video is played (docs/decisions/0035-adaptive-streaming.md): its HLS stream where there is one,
 * natively in Safari and on iOS, through hls.js in every other browser with Media Source Extensions
 * (loaded only when such a stream is about to play; recent Chromium plays HLS itself too, but without
 * hls.js's start rung, size cap and short buffer), natively where there is no MSE, else the MP4; and
 * the MP4 again after any fatal error of the stream.
 */
export type VideoPlan = 'native' | 'hls.js' | 'file';

export interface PlaybackAbilities {
  /** The browser plays `application/vnd.apple.mpegurl` in a <video> itself. */
  nativeHls: boolean;
  /** Media Source Extensions that take H.264/AAC: what hls.js needs. */
  mediaSource: boolean;
  /** WebKit's ManagedMediaSource is there: Safari (macOS, iOS 17.1+), whose own HLS player is the one to use. */
  webkit: boolean;
}

export function chooseVideoPlan(stream: string | null | undefined, abilities: PlaybackAbilities): VideoPlan {
  if (!stream) return 'file';
  if (abilities.nativeHls && (abilities.webkit || !abilities.mediaSource)) return 'native';
  return abilities.mediaSource ? 'hls.js' : 'file';
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
    webkit: typeof window !== 'undefined' && window.ManagedMediaSource !== undefined,
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

/**
 * The `src` to give a <video> (undefined while hls.js plays it), with hls.js attached to it while
 * `load` is true for a stream that needs it (`load` false leaves it unloaded, the poster showing), and
 * the MP4 once the stream failed for good.
 */
export function useVideoSource(
  video: RefObject<HTMLVideoElement | null>,
  { stream, file }: { stream?: string | null; file?: string | null },
  { load }: { load: boolean },
): string | undefined {
  // The stream that failed: a new one (another post in the same element) gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const kind = chooseVideoPlan(stream === failed ? null : stream, playbackAbilities());

  useEffect(() => {
    const element = video.current;
    if (!element || !stream || kind === 'file' || (kind === 'hls.js' && !load)) return;
    const fail = () => setFailed(stream);
    if (kind === 'native') {
      element.addEventListener('error', fail);
      return () => element.removeEventListener('error', fail);
    }
    let cancelled = false;
    let stop: (() => void) | undefined;
    // hls.js and what drives it (96 KB brotli) come in a chunk of their own, only when a stream is about
    // to load, and not before the page's first screen (the poster, the app's code, its texts) has loaded
    // and been drawn, which it would otherwise share a slow connection with; a chunk that does not
    // arrive (offline, a new version deployed) leaves the MP4 to play.
    void afterFirstScreen().then(() => {
      if (cancelled) return;
      import('./hls-attach').then(
        ({ attachHls }) => {
          if (!cancelled) stop = attachHls(element, stream, fail);
        },
        () => cancelled || fail(),
      );
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [kind, stream, load, video]);

  return kind === 'hls.js' ? undefined : kind === 'native' ? (stream ?? undefined) : (file ?? undefined);
}
