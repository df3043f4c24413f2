import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { SubscribersConsent } from '../../../components/vip/subscribers-consent';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { ApiError } from '../../../lib/api-error';
import { useCreateStory } from '../api/story-actions';
import '../../../components/ui/upload-form.css';

/** docs/product.md §9: after '¡Historia Subida!' the app moves on after 900 ms. */
export const STORY_REDIRECT_MS = 900;

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'done' } | { kind: 'error'; message: string };

/** What a failed story upload says: the server's text; a 2xx refusal without one is 'unknown'. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const refused = error.status >= 200 && error.status < 300;
    return error.serverMessage || (refused ? t('stories.unknownError') : t('stories.failed'));
  }
  return (error instanceof Error ? error.message : undefined) || t('stories.failed');
}

/** /stories/create ('Crear Historia'): one photo or video, an audience, and a percentage progress bar. */
export function CreateStoryPage() {
  useDocumentTitle(t('stories.createTitle'));
  const navigate = useNavigate();
  const { username } = useSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const audienceId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [audience, setAudience] = useState('public');
  const [consent, setConsent] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const createStory = useCreateStory();

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  useEffect(() => {
    if (phase.kind !== 'done') return;
    const timer = window.setTimeout(() => navigate(username ? `/${encodeURIComponent(username)}` : '/'), STORY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase.kind, navigate, username]);

  const choose = (list: FileList | null) => {
    const picked = list?.[0];
    if (!picked) return;
    if (!picked.type.startsWith('image/') && !picked.type.startsWith('video/')) {
      setPhase({ kind: 'error', message: t('stories.fileType') });
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
    setPhase({ kind: 'idle' });
  };

  const clear = () => {
    setFile(null);
    setPreview(null);
    setPhase({ kind: 'idle' });
    if (inputRef.current) inputRef.current.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase.kind === 'uploading' || phase.kind === 'done') return;
    if (!file) {
      setPhase({ kind: 'error', message: t('stories.fileRequired') });
      return;
    }
    if (audience === 'subscribers' && !consent) {
      setPhase({ kind: 'error', message: t('identity.consent.required') });
      return;
    }
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      await createStory.mutateAsync({ file, audience, confirmConsent: audience === 'subscribers' && consent, onProgress: (percent) => setPhase({ kind: 'uploading', percent }) });
      setPhase({ kind: 'done' });
    } catch (error) {
      setPhase({ kind: 'error', message: failureText(error) });
    }
  };

  const busy = phase.kind === 'uploading';
  const isVideo = file?.type.startsWith('video/');
  return (
    <section className="upload">
      <header className="upload__head">
        <h1>{t('stories.createTitle')}</h1>
        <p>{t('stories.createSubtitle')}</p>
      </header>
      <form className="upload__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="upload__files">
          {preview ? (
            <ul className="upload__previews">
              <li className="upload__preview upload__preview--story">
                {isVideo ? <video src={preview} muted playsInline preload="metadata" /> : <img src={preview} alt="" />}
                <button type="button" className="upload__remove" aria-label={t('stories.remove')} disabled={busy} onClick={clear}>
                  <Icon name="close" size={16} />
                </button>
              </li>
            </ul>
          ) : null}
          <input
            ref={inputRef}
            className="upload__input"
            type="file"
            accept="image/*,video/*"
            data-testid="story-input"
            onChange={(event) => choose(event.currentTarget.files)}
          />
          <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={busy}>
            <Icon name="camera" size={18} />
            <span>{t('stories.choose')}</span>
          </Button>
          <p className="upload__hint">{t('stories.hint')}</p>
        </div>
        <label className="upload__label" htmlFor={audienceId}>
          {t('stories.audience')}
        </label>
        <select id={audienceId} className="upload__text" value={audience} onChange={(event) => setAudience(event.target.value)} disabled={busy}>
          <option value="public">{t('stories.audiencePublic')}</option>
          <option value="followers">{t('stories.audienceFollowers')}</option>
          <option value="subscribers">{t('stories.audienceSubscribers')}</option>
        </select>
        {audience === 'subscribers' ? <SubscribersConsent checked={consent} onChange={setConsent} disabled={busy} /> : null}
        {phase.kind === 'uploading' ? (
          <div className="upload__progress" role="progressbar" aria-label={t('upload.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={phase.percent}>
            <span style={{ width: `${phase.percent}%` }} />
          </div>
        ) : null}
        {phase.kind === 'error' ? (
          <p className="upload__error" role="alert">
            {phase.message}
          </p>
        ) : null}
        <Button type="submit" variant="primary" block disabled={busy || phase.kind === 'done'}>
          {phase.kind === 'uploading'
            ? t('stories.uploading', { percent: phase.percent })
            : phase.kind === 'done'
              ? t('stories.uploaded')
              : t('stories.publish')}
        </Button>
      </form>
    </section>
  );
}
