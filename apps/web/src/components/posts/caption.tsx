import { useState } from 'react';
import { t } from '../../lib/i18n';
import './caption.css';

/** Caption truncated at 100 characters with 'más' / 'menos' (docs/product.md §2 and §9). */
export function Caption({ text, title }: { text: string; title?: string | null }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 100;
  return (
    <div className="post-caption">
      {title ? <p className="post-caption__title">{title}</p> : null}
      {text ? (
        <p className="post-caption__body">
          {long && !open ? `${text.slice(0, 100)}…` : text}{' '}
          {long ? (
            <button type="button" className="post-caption__toggle" onClick={() => setOpen(!open)}>
              {open ? t('post.less') : t('post.more')}
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
