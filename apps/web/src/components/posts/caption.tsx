import { splitText } from '@wag/contract/tags-rules';
import { useMemo, useState } from 'react';
import { t } from '../../lib/i18n';
import { RichText, truncateParts } from '../ui/rich-text';
import './caption.css';

const CAPTION_PREVIEW_LENGTH = 100;

/**
 * Caption truncated at 100 characters with 'más' / 'menos' (docs/product.md §2 and §9), its mentions
 * and hashtags linked; a link at the limit is shown whole rather than cut in half.
 */
export function Caption({ text, title }: { text: string; title?: string | null }) {
  const [open, setOpen] = useState(false);
  const parts = useMemo(() => splitText(text), [text]);
  const preview = useMemo(() => truncateParts(parts, CAPTION_PREVIEW_LENGTH), [parts]);
  const long = preview.cut;
  return (
    <div className="post-caption">
      {title ? (
        <p className="post-caption__title">
          <RichText text={title} />
        </p>
      ) : null}
      {text ? (
        <p>
          <RichText text={text} parts={long && !open ? [...preview.parts, { kind: 'text', text: '…' }] : parts} />{' '}
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
