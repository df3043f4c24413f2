import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../lib/i18n';
import { defaultCoverMs, formatCoverTime, lastCoverMs } from '../upload-rules';
import './cover-picker.css';

/** How many frames the strip shows along the video. */
const STRIP_FRAMES = 8;
const STRIP_HEIGHT = 96;
/** The slider moves in tenths of a second (the default moments, 0 and 1 s, are on it). */
const COVER_STEP_MS = 100;

interface Frame {
  atMs: number;
  url: string;
}

function whenEvent(target: HTMLVideoElement, name: 'loadeddata' | 'seeked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener(name, done);
      target.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      target.removeEventListener(name, done);
      target.removeEventListener('error', failed);
      reject(new Error('the video cannot be read here'));
    };
    target.addEventListener(name, done);
    target.addEventListener('error', failed);
  });
}

/**
 * Draws frames along the video into small pictures for the strip, reporting the video's last cover
 * moment first. A second, unseen element does the seeking, so the preview stays on the chosen frame.
 */
function useFrameStrip(src: string, onLength: (lastMs: number) => void): Frame[] {
  const [frames, setFrames] = useState<Frame[]>([]);
  const onLengthRef = useRef(onLength);
  useEffect(() => {
    onLengthRef.current = onLength;
  });

  useEffect(() => {
    let cancelled = false;
    const urls: string[] = [];
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.src = src;
    setFrames([]);

    void (async () => {
      if (video.readyState < 2) await whenEvent(video, 'loadeddata');
      const last = lastCoverMs(video.duration);
      if (cancelled) return;
      onLengthRef.current(last);
      if (last === 0 || !video.videoWidth) return;
      const canvas = document.createElement('canvas');
      canvas.height = STRIP_HEIGHT;
      canvas.width = Math.max(1, Math.round((video.videoWidth / video.videoHeight) * STRIP_HEIGHT));
      const context = canvas.getContext('2d');
      if (!context) return;
      for (let index = 0; index < STRIP_FRAMES && !cancelled; index += 1) {
        const atMs = Math.round((index / (STRIP_FRAMES - 1)) * last);
        const seeked = whenEvent(video, 'seeked');
        video.currentTime = atMs / 1000;
        await seeked;
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
        if (!blob || cancelled) continue;
        const url = URL.createObjectURL(blob);
        urls.push(url);
        setFrames((current) => [...current, { atMs, url }]);
      }
    })().catch(() => {
      // A video this browser cannot decode still uploads (the server reads it); the cover stays the default.
    });

    return () => {
      cancelled = true;
      video.removeAttribute('src');
      video.load();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [src]);

  return frames;
}

/**
 * The quicky's cover: a strip of frames along the video with a handle to slide (or a frame to tap),
 * and a large preview of the chosen frame. Reports the chosen moment in milliseconds; starts on the
 * frame the server would take by default, so what is shown is what will be published.
 */
export function CoverPicker({ src, valueMs, onChange, disabled }: { src: string; valueMs: number | null; onChange: (ms: number) => void; disabled?: boolean }) {
  const [lastMs, setLastMs] = useState<number | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const hintId = useId();
  const frames = useFrameStrip(src, (last) => {
    setLastMs(last);
    if (valueMs === null || valueMs > last) onChange(defaultCoverMs(last));
  });

  useEffect(() => {
    const video = preview.current;
    if (video && valueMs !== null && Math.abs(video.currentTime * 1000 - valueMs) > 1) video.currentTime = valueMs / 1000;
  }, [valueMs]);

  const time = formatCoverTime(valueMs ?? 0);
  const ready = lastMs !== null && lastMs > 0;
  return (
    <fieldset className="cover-picker" data-testid="cover-picker" disabled={disabled}>
      <legend className="upload__label">{t('create.cover')}</legend>
      <p id={hintId} className="upload__hint">
        {t('create.coverHint')}
      </p>
      <div className="cover-picker__body">
        <div className="cover-picker__preview">
          <video
            ref={preview}
            src={src}
            muted
            playsInline
            preload="auto"
            aria-label={t('create.coverPreview')}
            data-testid="cover-preview"
            onLoadedData={(event) => {
              if (valueMs !== null) event.currentTarget.currentTime = valueMs / 1000;
            }}
          />
          <span className="cover-picker__time" data-testid="cover-time">
            {time}
          </span>
        </div>
        <div className="cover-picker__strip">
          <div className="cover-picker__frames" aria-hidden="true">
            {frames.map((frame) => (
              <img key={frame.atMs} src={frame.url} alt="" draggable={false} />
            ))}
          </div>
          {ready ? (
            <>
              <input
                type="range"
                className="cover-picker__range"
                min={0}
                max={lastMs}
                step={COVER_STEP_MS}
                value={valueMs ?? 0}
                aria-label={t('create.coverSlider')}
                aria-describedby={hintId}
                aria-valuetext={t('create.coverFrame', { time })}
                data-testid="cover-range"
                onChange={(event) => onChange(Number(event.currentTarget.value))}
              />
              <span className="cover-picker__handle" aria-hidden="true" style={{ left: `calc(12px + (100% - 24px) * ${(valueMs ?? 0) / lastMs})` }} />
            </>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
