import Hls from 'hls.js/light';
// hls.js's ES module build has no worker of its own inside: without `workerPath` it reads every
// segment (MPEG-TS to MP4) on the page's main thread, in blocks of up to 100 ms on a phone, while the
// person scrolls or swipes. Its worker ships as a file of the app (same origin, so the content
// security policy's script-src admits it; nothing is built from a blob: URL).
import workerPath from 'hls.js/dist/hls.worker.js?url';

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
 * Plays `stream` in `element` through hls.js (the light build: no subtitles, alternate audio or DRM,
 * which WAG streams never have), capped to the player's size, starting at `startLevel`. `onFatal`
 * hears of an error hls.js cannot recover from (the player is destroyed by then): the MP4 takes over.
 * Returns what stops it. Where hls.js finds no support, `onFatal` is called at once.
 */
export function attachHls(element: HTMLVideoElement, stream: string, onFatal: () => void): () => void {
  if (!Hls.isSupported()) {
    onFatal();
    return () => undefined;
  }
  const playing = () => element.autoplay || !element.paused;
  // hls.js buffers up to maxMaxBufferLength when a rung is light (its maxBufferSize is 60 MB): both
  // bounds are set, so the buffer ahead is what is asked for.
  const ahead = playing() ? BUFFER_AHEAD_S : PRELOAD_AHEAD_S;
  const hls = new Hls({ capLevelToPlayerSize: true, autoStartLoad: false, maxBufferLength: ahead, maxMaxBufferLength: ahead, workerPath });
  const onPlay = () => {
    hls.config.maxBufferLength = BUFFER_AHEAD_S;
    hls.config.maxMaxBufferLength = BUFFER_AHEAD_S;
  };
  element.addEventListener('play', onPlay);
  const destroy = () => {
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
    destroy();
    onFatal();
  });
  hls.loadSource(stream);
  hls.attachMedia(element);
  return destroy;
}
