import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon } from './icon';
import { t } from '../../lib/i18n';
import './bottom-sheet.css';

/** docs/product.md §9: a drag down of more than 120 px closes the sheet. */
export const SHEET_CLOSE_DRAG_PX = 120;

/**
 * The comments sheet of small screens (docs/product.md §2): 80% of the viewport high, closed by the
 * backdrop or by dragging the handle down more than 120 px; the page does not scroll behind it.
 */
export function BottomSheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const end = () => {
    if (start.current !== null && drag > SHEET_CLOSE_DRAG_PX) onClose();
    start.current = null;
    setDrag(0);
  };

  return (
    <div className="sheet" data-testid="comments-sheet">
      <div className="sheet__backdrop" data-testid="sheet-backdrop" onClick={onClose} />
      <div className="sheet__panel" role="dialog" aria-modal="true" aria-label={title} style={{ transform: `translateY(${drag}px)` }}>
        <div
          className="sheet__handle"
          data-testid="sheet-handle"
          onPointerDown={(event) => {
            // A press on the close button is a click, not a drag: capturing the pointer here would
            // take the click away from the button (the sheet then never closed from it).
            if ((event.target as HTMLElement).closest('button')) return;
            start.current = event.clientY;
            event.currentTarget.setPointerCapture?.(event.pointerId);
          }}
          onPointerMove={(event) => {
            if (start.current !== null) setDrag(Math.max(0, event.clientY - start.current));
          }}
          onPointerUp={end}
          onPointerCancel={end}
        >
          <span aria-hidden="true" />
          <h2>{title}</h2>
          {/* An icon with its words as its name: a label beside the title wrapped and pushed it off centre. */}
          <button type="button" className="sheet__close" onClick={onClose} aria-label={t('post.closeComments')} title={t('post.closeComments')}>
            <Icon name="close" size={20} />
          </button>
        </div>
        <div className="sheet__body">{children}</div>
      </div>
    </div>
  );
}
