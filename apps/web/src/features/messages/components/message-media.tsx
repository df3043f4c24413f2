import type { MessageMedia } from '@wag/contract/messages';
import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { t } from '../../../lib/i18n';
import { mediaBoxSize } from '../composer-media';

/**
 * The photo or video of a message bubble: a photo at its display size that opens larger on a click,
 * a video player once it is processed ('Procesando…' until then, its failure after).
 */
export function MessageMediaView({ media }: { media: MessageMedia }) {
  const [open, setOpen] = useState(false);
  const box = mediaBoxSize(media.width, media.height);
  const style = { width: `${box.width}px`, aspectRatio: `${box.width} / ${box.height}` };

  if (media.status !== 'ready' || !media.url) {
    const failed = media.status === 'failed';
    return (
      <span className={`bubble__media bubble__media--pending${failed ? ' bubble__media--failed' : ''}`} style={style} role="status" data-testid="message-media-pending">
        {failed ? t('messageMedia.failed') : t('messageMedia.processing')}
      </span>
    );
  }
  if (media.kind === 'video') {
    return (
      <video
        className="bubble__media"
        style={style}
        src={media.url}
        poster={media.poster_url ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={t('messageMedia.video')}
        data-testid="message-video"
      />
    );
  }
  return (
    <>
      <button type="button" className="bubble__media-open" onClick={() => setOpen(true)} aria-label={t('messageMedia.open')} data-testid="message-photo-open">
        <img className="bubble__media" style={style} src={media.url} width={box.width} height={box.height} alt={t('messageMedia.photo')} loading="lazy" data-testid="message-photo" />
      </button>
      {open ? (
        <Modal title={t('messageMedia.photo')} onClose={() => setOpen(false)} testId="message-photo-viewer">
          <img className="message-photo-large" src={media.url} alt={t('messageMedia.photo')} width={media.width ?? undefined} height={media.height ?? undefined} />
        </Modal>
      ) : null}
    </>
  );
}
