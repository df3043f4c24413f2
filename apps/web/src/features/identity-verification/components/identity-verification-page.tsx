import { IDENTITY_DOCUMENTS, IDENTITY_FILE_MAX_BYTES, type IdentityDocument } from '@wag/contract/identity-rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useVerificationStatus } from '../../../lib/queries/verification-status';
import { useSendIdentity } from '../api/identity-verification-api';
import './identity-verification.css';

type Picked = Partial<Record<IdentityDocument, File>>;

const DOCUMENT_LABEL = {
  front: 'identity.form.front',
  back: 'identity.form.back',
  selfie: 'identity.form.selfie',
} as const;

/** What keeps the form from being sent (docs/product.md §5: the date and all three files, images only), or null. */
export function identityFormProblem(dob: string, picked: Picked): string | null {
  if (!dob) return t('identity.form.dobRequired');
  if (IDENTITY_DOCUMENTS.some((document) => !picked[document])) return t('identity.form.filesRequired');
  if (IDENTITY_DOCUMENTS.some((document) => !picked[document]!.type.startsWith('image/'))) return t('identity.form.imagesOnly');
  if (IDENTITY_DOCUMENTS.some((document) => picked[document]!.size > IDENTITY_FILE_MAX_BYTES)) return t('identity.form.tooLarge');
  return null;
}

/** /settings/verification/identity: the date of birth and three images; then the request's status and outcome. */
export function IdentityVerificationPage() {
  useDocumentTitle(t('identity.title'));
  const status = useVerificationStatus();
  const [resending, setResending] = useState(false);
  const identity = status.data?.identity;

  let body;
  if (status.isPending) body = <Spinner />;
  else if (status.isError) body = <p role="alert" className="identity__error">{t('identity.loadFailed')}</p>;
  else if (identity === 'pending') {
    body = (
      <div className="panel-card identity__state" data-testid="identity-pending">
        <Icon name="clock" size={28} />
        <h2>{t('identity.pending.title')}</h2>
        <p>{t('identity.pending.body')}</p>
      </div>
    );
  } else if (identity === 'approved') {
    body = (
      <div className="panel-card identity__state identity__state--approved" data-testid="identity-approved">
        <Icon name="shieldCheck" size={28} />
        <h2>{t('identity.approved.title')}</h2>
        <p>{t('identity.approved.body')}</p>
      </div>
    );
  } else if (identity === 'rejected' && !resending) {
    body = (
      <div className="panel-card identity__state identity__state--rejected" data-testid="identity-rejected">
        <Icon name="alert" size={28} />
        <h2>{t('identity.rejected.title')}</h2>
        {status.data?.identityReason ? <p className="identity__reason">{t('identity.rejected.reason', { reason: status.data.identityReason })}</p> : null}
        <p>{t('identity.rejected.body')}</p>
        <Button variant="primary" onClick={() => setResending(true)}>
          {t('identity.rejected.again')}
        </Button>
      </div>
    );
  } else body = <IdentityForm onSent={() => setResending(false)} />;

  return (
    <section className="identity" data-testid="identity-verification-page">
      <PageHeader back={{ to: '/settings/verification', label: t('settings.verification') }} title={t('identity.title')} subtitle={t('identity.subtitle')} />
      {body}
    </section>
  );
}

function IdentityForm({ onSent }: { onSent: () => void }) {
  const send = useSendIdentity();
  const dobId = useId();
  const [dob, setDob] = useState('');
  const [picked, setPicked] = useState<Picked>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = identityFormProblem(dob, picked);
    setProblem(found);
    if (found) return;
    send.mutate({ dob, documents: picked as Record<IdentityDocument, File> }, { onSuccess: onSent });
  };

  const failure = send.isError ? errorText(send.error, t('identity.form.failed')) : null;
  return (
    <form className="panel-card identity__form" onSubmit={submit} noValidate data-testid="identity-form">
      <label className="identity__label" htmlFor={dobId}>
        {t('identity.form.dob')}
      </label>
      <input
        id={dobId}
        className="identity__input"
        type="date"
        required
        max={new Date().toISOString().slice(0, 10)}
        value={dob}
        onChange={(event) => setDob(event.target.value)}
        disabled={send.isPending}
      />
      {IDENTITY_DOCUMENTS.map((document) => (
        <DocumentPicker
          key={document}
          label={t(DOCUMENT_LABEL[document])}
          file={picked[document]}
          disabled={send.isPending}
          onPick={(file) => setPicked((before) => ({ ...before, [document]: file }))}
        />
      ))}
      <p className="identity__privacy">
        <Icon name="lock" size={16} /> {t('identity.form.privacy')}
      </p>
      {problem || failure ? (
        <p className="identity__error" role="alert">
          {problem ?? failure}
        </p>
      ) : null}
      <Button type="submit" variant="primary" block disabled={send.isPending}>
        {send.isPending ? t('identity.form.sending') : t('identity.form.submit')}
      </Button>
    </form>
  );
}

function DocumentPicker({ label, file, disabled, onPick }: { label: string; file: File | undefined; disabled: boolean; onPick: (file: File | undefined) => void }) {
  const id = useId();
  return (
    <div className="identity__document">
      <label className="identity__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="identity__file" type="file" accept="image/*" required disabled={disabled} onChange={(event) => onPick(event.currentTarget.files?.[0])} />
      {file ? <span className="identity__file-name">{file.name}</span> : null}
    </div>
  );
}
