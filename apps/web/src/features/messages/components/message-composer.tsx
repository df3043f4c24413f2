import { MESSAGE_MAX_LENGTH } from '@wag/contract/messages-rules';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Icon } from '../../../components/ui/icon';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { t } from '../../../lib/i18n';
import { useAnnounceTyping, useSendMessage, useSendMessageMedia } from '../api/use-messages';
import { attachedKind, canSend, type AttachedKind } from '../composer-media';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

interface Attachment {
  file: File;
  kind: AttachedKind;
  /** A local address of the file for its preview (revoked when it goes). */
  previewUrl: string;
  /** The upload's key, kept across retries of this file. */
  clientKey: string;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The message composer: text, and a photo or video picked with the attach button, previewed (and
 * removable) before sending, sent with a progress bar that can be cancelled.
 */
export function MessageComposer({ username }: { username: string }) {
  const toast = useToast();
  const send = useSendMessage(username);
  const sendMedia = useSendMessageMedia(username);
  const announceTyping = useAnnounceTyping(username);
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<AbortController | null>(null);

  const previewUrl = attachment?.previewUrl;
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  // Leaving the conversation calls off an upload still on its way.
  useEffect(() => () => uploadRef.current?.abort(), []);

  const uploading = progress !== null;
  const busy = uploading || send.isPending;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const kind = attachedKind(file);
    if (!kind) {
      setError(t('messageMedia.wrongType'));
      return;
    }
    setError(null);
    setAttachment({ file, kind, previewUrl: URL.createObjectURL(file), clientKey: newIdempotencyKey() });
  };

  const remove = () => {
    setAttachment(null);
    setError(null);
  };

  const cancel = () => uploadRef.current?.abort();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend(text, attachment?.file ?? null, busy)) return;
    if (!attachment) {
      send.mutate(text.trim(), {
        onSuccess: () => setText(''),
        onError: (failure) => toast(errorText(failure, t('messages.sendFailed')), 'error'),
      });
      return;
    }
    const controller = new AbortController();
    uploadRef.current = controller;
    setError(null);
    setProgress(0);
    sendMedia.mutate(
      { file: attachment.file, text, clientKey: attachment.clientKey, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: () => {
          setText('');
          setAttachment(null);
        },
        onError: (failure) => {
          if (!isAbort(failure)) setError(errorText(failure, t('messageMedia.sendFailed')));
        },
        onSettled: () => {
          uploadRef.current = null;
          setProgress(null);
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="chat__composer" onSubmit={submit} data-testid="message-composer">
      {attachment ? (
        <div className="composer-attachment" data-testid="composer-attachment">
          <div className="composer-attachment__preview">
            {attachment.kind === 'image' ? (
              <img src={attachment.previewUrl} alt={t('messageMedia.pickedPhoto')} data-testid="composer-preview" />
            ) : (
              <video src={attachment.previewUrl} muted playsInline preload="metadata" aria-label={t('messageMedia.pickedVideo')} data-testid="composer-preview" />
            )}
            {uploading ? null : (
              <button type="button" className="composer-attachment__remove" onClick={remove} aria-label={t('messageMedia.remove')} data-testid="composer-remove">
                <Icon name="close" size={16} />
              </button>
            )}
          </div>
          {uploading ? (
            <div className="composer-attachment__upload">
              <div
                className="composer-attachment__bar"
                role="progressbar"
                aria-label={t('messageMedia.progress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                data-testid="composer-progress"
              >
                <span style={{ width: `${progress}%` }} />
              </div>
              <span className="composer-attachment__percent">{t('messageMedia.uploading', { percent: progress })}</span>
              <button type="button" className="composer-attachment__cancel" onClick={cancel} data-testid="composer-cancel">
                {t('messageMedia.cancel')}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className="composer-error" role="alert" data-testid="composer-error">
          {error}
        </p>
      ) : null}
      <div className="chat__composer-row">
        <input ref={inputRef} type="file" accept="image/*,video/*" className="visually-hidden" tabIndex={-1} onChange={pick} data-testid="composer-file" />
        <button
          type="button"
          className="chat__attach"
          aria-label={t('messageMedia.attach')}
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
          data-testid="composer-attach"
        >
          <Icon name="image" />
        </button>
        <label className="visually-hidden" htmlFor="chat-input">
          {t('messages.placeholder')}
        </label>
        <textarea
          id="chat-input"
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('messages.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) announceTyping();
          }}
          onKeyDown={onKeyDown}
          data-testid="message-input"
        />
        <button type="submit" className="chat__send" aria-label={t('messages.send')} disabled={!canSend(text, attachment?.file ?? null, busy)} data-testid="send-message">
          <Icon name="send" />
        </button>
      </div>
    </form>
  );
}
