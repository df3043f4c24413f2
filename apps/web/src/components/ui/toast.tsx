import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
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
let nextId = 1;

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(item.id), VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [item.id, onDismiss]);

  return (
    <div className={`toast toast--${item.tone}`} data-testid="toast">
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
    setItems((current) => [...current.slice(-2), { id: nextId++, message, tone }]);
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
