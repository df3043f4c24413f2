import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { t } from '../../lib/i18n';
import { Icon } from './icon';
import './text-field.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** What is wrong with the value; shown under the field when `showError`. */
  error?: string | null;
  /** The browser's own validation bubble text, when it should differ from `error`. */
  nativeError?: string | null;
  showError?: boolean;
  /** Password fields get a show/hide button. */
  revealable?: boolean;
}

/**
 * Labelled input. Its problem is also set as the native validity message, so the browser
 * refuses to submit the form and speaks Spanish while doing so.
 */
export function TextField({ label, hint, error, nativeError, showError = false, revealable = false, type, className, ...input }: TextFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [revealed, setRevealed] = useState(false);
  const validity = nativeError ?? error ?? '';

  useEffect(() => {
    inputRef.current?.setCustomValidity(validity);
  }, [validity]);

  const visibleError = showError && error ? error : null;
  const describedBy = [hint ? `${id}-hint` : '', visibleError ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', visibleError ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          ref={inputRef}
          id={id}
          className="field__input"
          type={revealable && revealed ? 'text' : type}
          aria-invalid={visibleError ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {revealable ? (
          <button
            type="button"
            className="field__reveal"
            aria-label={revealed ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            <Icon name={revealed ? 'eyeOff' : 'eye'} size={20} />
          </button>
        ) : null}
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {visibleError ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          <Icon name="alert" size={16} />
          <span>{visibleError}</span>
        </p>
      ) : null}
    </div>
  );
}
