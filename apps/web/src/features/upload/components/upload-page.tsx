import type { UploadResponse } from '@wag/contract/posts';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { SubscribersConsent } from '../../../components/vip/subscribers-consent';
import { useDocumentTitle } from '../../../lib/document-title';
import { t, type MessageKey } from '../../../lib/i18n';
import { profilePath, useSession } from '../../../lib/session';
import { ApiError } from '../../../lib/api-error';
import { useCreatePost } from '../api/use-create-post';
import { contentTypeOf, derivePostType, filesProblem, presetProblem, splitTags, uploadPresetOf, type FilesProblem, type Visibility } from '../upload-rules';
import { CoverPicker } from './cover-picker';
import '../../../components/ui/upload-form.css';

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'done' } | { kind: 'error'; message: string };

const PROBLEM_TEXT: Record<FilesProblem, MessageKey> = {
  required: 'upload.fileRequired',
  type: 'upload.fileType',
  oneVideo: 'upload.oneVideo',
  tooMany: 'upload.tooMany',
};

/** A picked file with its preview URL. */
interface Picked {
  file: File;
  url: string;
}

/** What a failed upload says: a lost session asks to sign in; a 2xx refusal without text is 'incomplete'. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return t('upload.failed');
  if (error.status === 401) return t('upload.loginRequired');
  const refused = error.status >= 200 && error.status < 300;
  return error.serverMessage || (refused ? t('upload.incomplete') : t('upload.failed'));
}

/** The form's words for what the create chooser asked for: a quicky, a post, or either (plain /upload). */
const PRESET_TEXT = {
  quicky: { title: 'create.quickyTitle', subtitle: 'create.quickySubtitle', choose: 'create.chooseVideo', hint: 'create.chooseVideoHint' },
  post: { title: 'create.postTitle', subtitle: 'create.postSubtitle', choose: 'create.choosePhotos', hint: 'create.choosePhotosHint' },
  any: { title: 'upload.title', subtitle: 'upload.subtitle', choose: 'upload.choose', hint: 'upload.chooseHint' },
} as const satisfies Record<string, Record<string, MessageKey>>;

const ACCEPT = { quicky: 'video/*', post: 'image/*', any: 'image/*,video/*' } as const;

/**
 * /upload ('Subir Contenido'): file(s), description, tags, audience, and a real progress bar;
 * `?type=quicky` sets it for one video with its cover, `?type=post` for photos.
 */
export function UploadPage() {
  const [params] = useSearchParams();
  const preset = uploadPresetOf(params.get('type'));
  const text = PRESET_TEXT[preset ?? 'any'];
  useDocumentTitle(t(text.title));
  const navigate = useNavigate();
  const { token, username } = useSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { description: useId(), tags: useId(), audience: useId(), file: useId() };
  const [picked, setPicked] = useState<Picked[]>([]);
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [consent, setConsent] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [coverAtMs, setCoverAtMs] = useState<number | null>(null);
  const createPost = useCreatePost();

  // Previews are released when the files change or the page closes.
  useEffect(() => () => picked.forEach((item) => URL.revokeObjectURL(item.url)), [picked]);

  const files = useMemo(() => picked.map((item) => item.file), [picked]);
  const problem = filesProblem(files);
  const contentType = files.length > 0 ? contentTypeOf(files[0]!) : null;
  const postType = contentType ? derivePostType(visibility, contentType) : null;
  const kindProblem = presetProblem(preset, contentType);
  // One video: its cover is chosen from its frames.
  const coverVideo = !problem && contentType === 'video' ? picked[0]! : null;

  const typeNote = () => {
    if (!postType || problem || kindProblem) return null;
    if (postType === 'vip') return t('upload.typeVip');
    if (postType === 'quicky') return t('upload.typeQuicky');
    return files.length > 1 ? t('upload.typeCarousel', { count: files.length }) : t('upload.typeGrid');
  };

  const choose = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const chosen = Array.from(list).map((file) => ({ file, url: URL.createObjectURL(file) }));
    // A quicky is one video: a new pick replaces the last.
    const next = preset === 'quicky' ? chosen.slice(0, 1) : [...picked, ...chosen];
    setPicked(next);
    setCoverAtMs(null);
    setPhase({ kind: 'idle' });
    if (inputRef.current) inputRef.current.value = '';
  };

  const remove = (index: number) => {
    setPicked(picked.filter((_, position) => position !== index));
    setCoverAtMs(null);
    setPhase({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase.kind === 'uploading' || phase.kind === 'done') return;
    if (!token) {
      setPhase({ kind: 'error', message: t('upload.loginRequired') });
      return;
    }
    if (problem || !contentType || !postType) {
      setPhase({ kind: 'error', message: t(PROBLEM_TEXT[problem ?? 'required']) });
      return;
    }
    if (kindProblem) {
      setPhase({ kind: 'error', message: t(`create.${kindProblem}`) });
      return;
    }
    if (visibility === 'subscribers' && !consent) {
      setPhase({ kind: 'error', message: t('identity.consent.required') });
      return;
    }
    setPhase({ kind: 'uploading', percent: 0 });
    // Partial: an answer missing what the contract promises still lands the page somewhere.
    let answer: Partial<UploadResponse> | undefined;
    try {
      answer = await createPost.mutateAsync({
        files,
        description,
        contentType,
        postType,
        visibility,
        confirmConsent: visibility === 'subscribers' && consent,
        tags: splitTags(tags),
        coverAtMs: contentType === 'video' && coverAtMs !== null ? coverAtMs : undefined,
        onProgress: (percent) => setPhase({ kind: 'uploading', percent }),
      });
    } catch (error) {
      setPhase({ kind: 'error', message: failureText(error) });
      return;
    }
    setPhase({ kind: 'done' });
    const slug = answer?.postSlug ?? answer?.slug;
    if ((answer?.postType ?? postType) === 'quicky' || !slug) navigate(profilePath(username));
    else navigate(`/post/${encodeURIComponent(slug)}`);
  };

  const busy = phase.kind === 'uploading';
  const note = typeNote();
  return (
    <section className="upload" data-testid="upload-page" data-preset={preset ?? 'any'}>
      <header className="upload__head">
        <h1>{t(text.title)}</h1>
        <p>{t(text.subtitle)}</p>
      </header>
      <form className="upload__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="upload__files">
          {picked.length > 0 ? (
            <ul className="upload__previews">
              {picked.map((item, index) => (
                <li key={item.url} className="upload__preview">
                  {contentTypeOf(item.file) === 'video' ? (
                    <video src={item.url} muted playsInline preload="metadata" />
                  ) : contentTypeOf(item.file) === 'image' ? (
                    <img src={item.url} alt="" />
                  ) : (
                    <span className="upload__unknown">
                      <Icon name="alert" size={22} />
                    </span>
                  )}
                  <button type="button" className="upload__remove" aria-label={t('upload.remove', { name: item.file.name })} disabled={busy} onClick={() => remove(index)}>
                    <Icon name="close" size={16} />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <input
            ref={inputRef}
            id={ids.file}
            className="upload__input"
            type="file"
            accept={ACCEPT[preset ?? 'any']}
            multiple={preset !== 'quicky'}
            data-testid="upload-input"
            onChange={(event) => choose(event.currentTarget.files)}
          />
          <Button variant="secondary" onClick={() => inputRef.current?.click()} disabled={busy}>
            <Icon name={preset === 'quicky' ? 'quickys' : 'image'} size={18} />
            <span>{t(text.choose)}</span>
          </Button>
          <p className="upload__hint">{t(text.hint)}</p>
          {note ? <p className="upload__type">{note}</p> : null}
          {kindProblem ? (
            <p className="upload__error" role="alert">
              {t(`create.${kindProblem}`)}
            </p>
          ) : null}
        </div>
        {coverVideo ? <CoverPicker key={coverVideo.url} src={coverVideo.url} valueMs={coverAtMs} onChange={setCoverAtMs} disabled={busy} /> : null}

        <label className="upload__label" htmlFor={ids.description}>
          {t('upload.description')}
        </label>
        <textarea
          id={ids.description}
          className="upload__textarea"
          rows={4}
          maxLength={2200}
          placeholder={t('upload.descriptionPlaceholder')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          disabled={busy}
        />

        <label className="upload__label" htmlFor={ids.tags}>
          {t('upload.tags')}
        </label>
        <input
          id={ids.tags}
          className="upload__text"
          placeholder={t('upload.tagsPlaceholder')}
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          disabled={busy}
        />
        <p className="upload__hint">{t('upload.tagsHint')}</p>

        <label className="upload__label" htmlFor={ids.audience}>
          {t('upload.audience')}
        </label>
        <select id={ids.audience} className="upload__text" value={visibility} onChange={(event) => setVisibility(event.target.value as Visibility)} disabled={busy}>
          <option value="public">{t('upload.audiencePublic')}</option>
          <option value="followers">{t('upload.audienceFollowers')}</option>
          <option value="subscribers">{t('upload.audienceSubscribers')}</option>
        </select>
        {visibility === 'subscribers' ? <SubscribersConsent checked={consent} onChange={setConsent} disabled={busy} /> : null}

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
            ? t('upload.uploading', { percent: phase.percent })
            : phase.kind === 'done'
              ? t('upload.done')
              : t('upload.submit')}
        </Button>
      </form>
    </section>
  );
}
