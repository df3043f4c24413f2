import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../../lib/i18n';
import { Icon } from './icon';
import './toast.css';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

type ShowToast = (message: string, tone?: ToastTone) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

const VISIBLE_MS = 4500;
/** A sideways swipe longer than this sends a toast away. */
const SWIPE_PX = 72;
/** At most this many at once: a new one pushes the oldest out. */
const MAX_TOASTS = 3;
let nextId = 1;

/** Whether a toast can be seen now: not while the open side menu of a phone has them stand aside (toast.css). */
function isShown(element: HTMLElement | null): boolean {
  if (!element) return false;
  return typeof element.checkVisibility !== 'function' || element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
}

/**
 * One notice: it leaves by itself after being seen for VISIBLE_MS (the clock stops while it is hovered,
 * focused, held or hidden), with its close button, or with a sideways swipe.
 */
function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [drag, setDrag] = useState<{ pointerId: number; startX: number; dx: number } | null>(null);
  const paused = hovered || focused || drag !== null;

  useEffect(() => {
    if (paused) return;
    let remaining = VISIBLE_MS;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      if (isShown(ref.current)) remaining -= now - last;
      last = now;
      if (remaining <= 0) onDismiss(item.id);
    }, 200);
    return () => window.clearInterval(timer);
  }, [paused, item.id, onDismiss]);

  const dx = drag?.dx ?? 0;
  return (
    <div
      ref={ref}
      className={`toast toast--${item.tone}${drag ? ' toast--dragging' : ''}`}
      data-testid="toast"
      style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.25, 1 - Math.abs(dx) / 240) } : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onPointerDown={(event) => {
        // The close button keeps its own click.
        if (event.button !== 0 || (event.target as Element).closest('button')) return;
        setDrag({ pointerId: event.pointerId, startX: event.clientX, dx: 0 });
      }}
      onPointerMove={(event) => {
        if (!drag || event.pointerId !== drag.pointerId) return;
        const next = event.clientX - drag.startX;
        // Captured only once it is a swipe, so a plain tap stays a tap.
        if (Math.abs(next) > 6 && !event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.setPointerCapture(event.pointerId);
        setDrag({ ...drag, dx: next });
      }}
      onPointerUp={(event) => {
        if (!drag || event.pointerId !== drag.pointerId) return;
        setDrag(null);
        if (Math.abs(drag.dx) > SWIPE_PX) onDismiss(item.id);
      }}
      onPointerCancel={() => setDrag(null)}
    >
      <Icon name={item.tone === 'error' ? 'alert' : item.tone === 'success' ? 'check' : 'info'} size={20} className="toast__icon" />
      <p className="toast__message">{item.message}</p>
      <button type="button" className="toast__close" aria-label={t('toast.close')} onClick={() => onDismiss(item.id)}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}

/** In-app notices that outlive a navigation (e.g. '¡Inicio de sesión exitoso!' then the home page). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);

  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const show = useCallback<ShowToast>((message, tone = 'info') => {
    // The same notice again replaces the one shown (its time starts over) instead of stacking.
    setItems((current) => [...current.filter((item) => item.message !== message || item.tone !== tone).slice(-(MAX_TOASTS - 1)), { id: nextId++, message, tone }]);
  }, []);

  return (
    <ToastContext value={show}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {items.map((item) => (
          <ToastCard key={item.id} item={item} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
