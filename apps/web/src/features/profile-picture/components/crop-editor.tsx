import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { t } from '../../../lib/i18n';
import {
  ZOOM_MAX,
  ZOOM_MIN,
  clamp,
  clampOffset,
  displayScale,
  initialCrop,
  normalizeRotation,
  type CropState,
  type Size,
} from '../crop';

/** Viewport side used before the element has been measured (and in tests, where nothing has a size). */
export const FALLBACK_VIEWPORT = 320;
const KEY_STEP_PX = 12;

interface CropEditorProps {
  src: string;
  size: Size;
  crop: CropState;
  onChange: (crop: CropState) => void;
  /** Reports the viewport's side in CSS pixels, which the saved crop is computed against. */
  onViewport: (side: number) => void;
}

/** Circular crop: drag (or arrow keys) to move, zoom 1–3, rotation by slider or 90° buttons. */
export function CropEditor({ src, size, crop, onChange, onViewport }: CropEditorProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const zoomId = useId();
  const rotationId = useId();
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);
  const drag = useRef<{ pointer: number; x: number; y: number; from: CropState } | null>(null);
  const latest = useRef({ crop, viewport, onChange });
  useEffect(() => {
    latest.current = { crop, viewport, onChange };
  });

  useEffect(() => {
    const node = viewportRef.current;
    if (!node) return;
    const measure = () => {
      const side = node.clientWidth || FALLBACK_VIEWPORT;
      setViewport(side);
      onViewport(side);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [onViewport]);

  const apply = (next: Partial<CropState>) => {
    const merged = { ...crop, ...next };
    merged.zoom = clamp(merged.zoom, ZOOM_MIN, ZOOM_MAX);
    merged.rotation = normalizeRotation(merged.rotation);
    merged.offset = clampOffset(merged.offset, size, viewport, merged.zoom, merged.rotation);
    onChange(merged);
  };

  // A wheel over the picture zooms instead of scrolling the page (needs a non-passive listener).
  useEffect(() => {
    const node = viewportRef.current;
    if (!node) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { crop: current, viewport: side, onChange: change } = latest.current;
      const zoom = clamp(current.zoom - event.deltaY * 0.002, ZOOM_MIN, ZOOM_MAX);
      change({ ...current, zoom, offset: clampOffset(current.offset, size, side, zoom, current.rotation) });
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
  }, [size]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, from: crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointer !== event.pointerId) return;
    apply({ offset: { x: start.from.offset.x + event.clientX - start.x, y: start.from.offset.y + event.clientY - start.y } });
  };
  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP_PX, 0],
      ArrowRight: [KEY_STEP_PX, 0],
      ArrowUp: [0, -KEY_STEP_PX],
      ArrowDown: [0, KEY_STEP_PX],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      apply({ offset: { x: crop.offset.x + move[0], y: crop.offset.y + move[1] } });
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      apply({ zoom: crop.zoom + 0.1 });
    } else if (event.key === '-') {
      event.preventDefault();
      apply({ zoom: crop.zoom - 0.1 });
    }
  };

  const base = displayScale(size, viewport, 1);
  const width = size.width * base;
  const height = size.height * base;

  return (
    <div className="crop">
      <div
        ref={viewportRef}
        className="crop__viewport"
        role="group"
        tabIndex={0}
        aria-label={t('profilePicture.cropArea')}
        data-testid="crop-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        <img
          className="crop__image"
          src={src}
          alt=""
          draggable={false}
          style={{
            width,
            height,
            marginLeft: -width / 2,
            marginTop: -height / 2,
            transform: `translate(${crop.offset.x}px, ${crop.offset.y}px) rotate(${crop.rotation}deg) scale(${crop.zoom})`,
          }}
        />
        <span className="crop__mask" aria-hidden="true" />
      </div>

      <div className="crop__controls">
        <div className="crop__control">
          <label className="crop__control-label" htmlFor={zoomId}>
            <Icon name="zoomIn" size={18} />
            {t('profilePicture.zoom')}
          </label>
          <input
            id={zoomId}
            type="range"
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={0.01}
            value={crop.zoom}
            onChange={(event) => apply({ zoom: Number(event.target.value) })}
          />
          <output className="crop__value" htmlFor={zoomId}>
            {crop.zoom.toFixed(1)}×
          </output>
        </div>
        <div className="crop__control">
          <label className="crop__control-label" htmlFor={rotationId}>
            <Icon name="rotateRight" size={18} />
            {t('profilePicture.rotation')}
          </label>
          <input
            id={rotationId}
            type="range"
            min={-180}
            max={180}
            step={1}
            value={crop.rotation}
            onChange={(event) => apply({ rotation: Number(event.target.value) })}
          />
          <output className="crop__value" htmlFor={rotationId}>
            {Math.round(crop.rotation)}°
          </output>
        </div>
        <div className="crop__buttons">
          <Button variant="ghost" onClick={() => apply({ rotation: crop.rotation - 90 })} aria-label={t('profilePicture.rotateLeft')} title={t('profilePicture.rotateLeft')}>
            <Icon name="rotateLeft" size={18} />
          </Button>
          <Button variant="ghost" onClick={() => apply({ rotation: crop.rotation + 90 })} aria-label={t('profilePicture.rotateRight')} title={t('profilePicture.rotateRight')}>
            <Icon name="rotateRight" size={18} />
          </Button>
          <Button variant="ghost" onClick={() => onChange(initialCrop)}>
            {t('profilePicture.reset')}
          </Button>
        </div>
      </div>
    </div>
  );
}
