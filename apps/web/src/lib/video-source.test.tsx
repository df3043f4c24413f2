import { render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startLevel } from './hls-attach';
import { resetFirstScreen } from './idle';
import { chooseVideoPlan, playbackAbilities, resetPlaybackAbilities, useVideoSource } from './video-source';

/** A stand-in for hls.js: records what the player did, and lets a test raise its events. */
const fakeHls = vi.hoisted(() => {
  const instances: FakeHls[] = [];
  type Handler = (event: string, data: unknown) => void;
  class FakeHls {
    static Events = { MANIFEST_PARSED: 'hlsManifestParsed', ERROR: 'hlsError' };
    static supported = true;
    static isSupported = () => FakeHls.supported;
    handlers = new Map<string, Handler>();
    config: { maxBufferLength: number; maxMaxBufferLength: number; capLevelToPlayerSize?: boolean; autoStartLoad?: boolean };
    source: string | undefined;
    media: HTMLMediaElement | undefined;
    startLevel = -1;
    loading = false;
    destroyed = false;
    constructor(config: FakeHls['config']) {
      this.config = config;
      instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, handler);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    startLoad() {
      this.loading = true;
    }
    destroy() {
      this.destroyed = true;
    }
    emit(event: string, data: unknown) {
      this.handlers.get(event)?.(event, data);
    }
  }
  return { FakeHls, instances };
});
vi.mock('hls.js/light', () => ({ default: fakeHls.FakeHls }));

describe('chooseVideoPlan', () => {
  const stream = '/media/u/x/hls.m3u8';

  it("plays the stream natively in Safari and on iOS (WebKit's ManagedMediaSource), and where there is no MSE", () => {
    expect(chooseVideoPlan(stream, { nativeHls: true, mediaSource: true, webkit: true })).toBe('native');
    expect(chooseVideoPlan(stream, { nativeHls: true, mediaSource: false, webkit: false })).toBe('native');
  });

  it('plays the stream through hls.js in other browsers with Media Source Extensions, even those that play HLS too', () => {
    expect(chooseVideoPlan(stream, { nativeHls: false, mediaSource: true, webkit: false })).toBe('hls.js');
    expect(chooseVideoPlan(stream, { nativeHls: true, mediaSource: true, webkit: false })).toBe('hls.js');
  });

  it('plays the MP4 when there is no stream, or no way to play one', () => {
    expect(chooseVideoPlan(undefined, { nativeHls: true, mediaSource: true, webkit: true })).toBe('file');
    expect(chooseVideoPlan(stream, { nativeHls: false, mediaSource: false, webkit: false })).toBe('file');
  });
});

describe('startLevel', () => {
  const ladder = [
    { width: 360, height: 640 },
    { width: 540, height: 960 },
    { width: 720, height: 1280 },
    { width: 1080, height: 1920 },
  ];

  it('starts at the smallest rung that covers the player in device pixels', () => {
    expect(startLevel(ladder, { width: 390, height: 844 }, 1)).toBe(1);
    expect(startLevel(ladder, { width: 300, height: 533 }, 1)).toBe(0);
    expect(startLevel(ladder, { width: 390, height: 844 }, 1.5)).toBe(2);
  });

  it('never starts above 720p, however large the screen', () => {
    expect(startLevel(ladder, { width: 390, height: 844 }, 3)).toBe(2);
    expect(startLevel(ladder, { width: 1440, height: 900 }, 2)).toBe(2);
  });

  it('follows the order the levels come in (the master lists the start rung first)', () => {
    expect(startLevel([ladder[1]!, ladder[0]!], { width: 200, height: 300 }, 1)).toBe(1);
    expect(startLevel([], { width: 390, height: 844 }, 1)).toBe(-1);
  });
});

function Player({ stream, file, load = true, autoPlay = false }: { stream?: string; file?: string; load?: boolean; autoPlay?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const src = useVideoSource(video, { stream, file }, { load });
  return <video ref={video} src={src} autoPlay={autoPlay} data-testid="video" />;
}

describe('useVideoSource', () => {
  const stream = '/media/u/x/hls.m3u8';
  const file = '/media/u/x/video.mp4';
  const giveBrowser = (can: { nativeHls: boolean; mediaSource: boolean; webkit?: boolean }) => {
    resetPlaybackAbilities();
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' && can.nativeHls ? 'maybe' : ''));
    const mediaSource = can.mediaSource ? { isTypeSupported: () => true } : undefined;
    vi.stubGlobal('MediaSource', mediaSource);
    vi.stubGlobal('ManagedMediaSource', can.webkit ? mediaSource : undefined);
  };

  beforeEach(() => {
    fakeHls.instances.length = 0;
    fakeHls.FakeHls.supported = true;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    resetPlaybackAbilities();
    resetFirstScreen();
  });

  it('asks the browser once what it plays', () => {
    giveBrowser({ nativeHls: true, mediaSource: true });
    expect(playbackAbilities()).toEqual({ nativeHls: true, mediaSource: true, webkit: false });
  });

  it('gives Safari the stream itself, and the MP4 after an error of the stream', async () => {
    giveBrowser({ nativeHls: true, mediaSource: true, webkit: true });
    const { getByTestId } = render(<Player stream={stream} file={file} />);
    const video = getByTestId('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe(stream);
    video.dispatchEvent(new Event('error'));
    await waitFor(() => expect(video.getAttribute('src')).toBe(file));
    expect(fakeHls.instances).toHaveLength(0);
  });

  it('attaches hls.js (loaded only then) sized to the player, starting once the rung is chosen', async () => {
    giveBrowser({ nativeHls: false, mediaSource: true });
    const { getByTestId } = render(<Player stream={stream} file={file} autoPlay />);
    const video = getByTestId('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBeNull();
    await waitFor(() => expect(fakeHls.instances).toHaveLength(1));
    const hls = fakeHls.instances[0]!;
    expect(hls.source).toBe(stream);
    expect(hls.media).toBe(video);
    expect(hls.config).toMatchObject({ capLevelToPlayerSize: true, autoStartLoad: false, maxBufferLength: 10, maxMaxBufferLength: 10 });
    expect(hls.loading).toBe(false);
    vi.spyOn(video, 'getBoundingClientRect').mockReturnValue({ width: 390, height: 844 } as DOMRect);
    hls.emit('hlsManifestParsed', { levels: [{ width: 540, height: 960 }, { width: 360, height: 640 }, { width: 720, height: 1280 }] });
    expect(hls.startLevel).toBe(0);
    expect(hls.loading).toBe(true);
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
  });

  it("waits for the page's first screen (its load, then an idle moment) before asking for hls.js", async () => {
    giveBrowser({ nativeHls: false, mediaSource: true });
    resetFirstScreen();
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    render(<Player stream={stream} file={file} />);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fakeHls.instances).toHaveLength(0);
    state.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await waitFor(() => expect(idle).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(fakeHls.instances).toHaveLength(0);
    idle[0]!();
    await waitFor(() => expect(fakeHls.instances).toHaveLength(1));
  });

  it('falls back to the MP4 on a fatal hls.js error, and shrugs off the others', async () => {
    giveBrowser({ nativeHls: false, mediaSource: true });
    const { getByTestId } = render(<Player stream={stream} file={file} />);
    await waitFor(() => expect(fakeHls.instances).toHaveLength(1));
    const hls = fakeHls.instances[0]!;
    // Not playing yet: only the first seconds are fetched, until it plays.
    expect(hls.config).toMatchObject({ maxBufferLength: 2, maxMaxBufferLength: 2 });
    getByTestId('video').dispatchEvent(new Event('play'));
    expect(hls.config).toMatchObject({ maxBufferLength: 10, maxMaxBufferLength: 10 });
    hls.emit('hlsError', { fatal: false, details: 'bufferStalledError' });
    expect(getByTestId('video').getAttribute('src')).toBeNull();
    hls.emit('hlsError', { fatal: true, details: 'manifestLoadError' });
    await waitFor(() => expect(getByTestId('video').getAttribute('src')).toBe(file));
    expect(hls.destroyed).toBe(true);
  });

  it('plays the MP4 where hls.js finds no support, and loads nothing while told not to', async () => {
    giveBrowser({ nativeHls: false, mediaSource: true });
    const idle = render(<Player stream={stream} file={file} load={false} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fakeHls.instances).toHaveLength(0);
    expect(idle.getByTestId('video').getAttribute('src')).toBeNull();
    idle.unmount();
    fakeHls.FakeHls.supported = false;
    const { getByTestId } = render(<Player stream={stream} file={file} />);
    await waitFor(() => expect(getByTestId('video').getAttribute('src')).toBe(file));
    expect(fakeHls.instances).toHaveLength(0);
  });

  it('plays the MP4 of a video without a stream, and destroys hls.js when the video goes', async () => {
    giveBrowser({ nativeHls: false, mediaSource: true });
    const plain = render(<Player file={file} />);
    expect(plain.getByTestId('video').getAttribute('src')).toBe(file);
    plain.unmount();
    const streamed = render(<Player stream={stream} file={file} />);
    await waitFor(() => expect(fakeHls.instances).toHaveLength(1));
    streamed.unmount();
    expect(fakeHls.instances[0]!.destroyed).toBe(true);
  });
});
