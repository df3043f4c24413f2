import { IDENTITY_DOCUMENTS, IDENTITY_REASON_MAX_LENGTH, type IdentityDocument } from '@wag/contract/identity-rules';
import type { IdentityRequestResponse } from '@wag/contract/identity';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useIdentityDecision, useIdentityDocument, useIdentityRequest } from '../api/moderation-api';
import { ModerationGate } from './moderation-gate';
import '../../../components/ui/text-field.css';
import './moderation.css';

const DOCUMENT_LABEL = { front: 'identity.desk.front', back: 'identity.desk.back', selfie: 'identity.desk.selfie' } as const;

/** /moderation/identity/{id}: the three documents side by side, the dates of birth, approve or reject. */
export function IdentityRequestPage() {
  const { id = '' } = useParams();
  return <ModerationGate>{id ? <Request id={id} /> : <p className="desk__empty">{t('errors.notFoundTitle')}</p>}</ModerationGate>;
}

function Request({ id }: { id: string }) {
  const request = useIdentityRequest(id);
  useDocumentTitle(t('identity.desk.title'));
  if (request.isPending) return <Spinner />;
  if (request.isError) return <p className="desk__empty">{t('errors.notFoundTitle')}</p>;
  const info = request.data;
  return (
    <section className="desk" data-testid="identity-request">
      <AppLink to="/moderation?queue=identity" className="desk__back">
        <Icon name="chevronLeft" size={20} />
        {t('identity.desk.back')}
      </AppLink>
      <h1 className="desk__title">{t('identity.desk.title')}</h1>
      <p className="desk__muted">
        @{info.user.username}
        {info.user.fullName ? ` · ${info.user.fullName}` : ''} · {t('identity.desk.sentOn', { when: calendarDate(info.createdAt) })} ·{' '}
        <span className="desk__status" data-testid="identity-status">
          {t(`identity.desk.status.${info.status}`)}
        </span>
      </p>
      <p className={info.dobMatches ? 'desk__muted' : 'desk__mark'} data-testid="identity-dob">
        {t('identity.desk.dobSent', { dob: info.dob })} · {t('identity.desk.dobAccount', { dob: info.user.birthDate })}
        {info.dobMatches ? '' : ` · ${t('identity.desk.dobMismatch')}`}
      </p>
      {info.documentsDeleted ? (
        <p className="desk__empty">{t('identity.desk.documentsDeleted')}</p>
      ) : (
        <div className="desk__documents">
          {IDENTITY_DOCUMENTS.filter((document) => info.documents.includes(document)).map((document) => (
            <DocumentImage key={document} id={id} document={document} />
          ))}
        </div>
      )}
      <div className="desk__panel">
        <h2 className="desk__heading">{t('identity.desk.decisionTitle')}</h2>
        {info.status === 'pending' ? <Decision id={id} /> : <Outcome info={info} />}
      </div>
    </section>
  );
}

/** A document fetched with the token as a blob, shown through an object URL released when it goes. */
function DocumentImage({ id, document }: { id: string; document: IdentityDocument }) {
  const image = useIdentityDocument(id, document, true);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const made = URL.createObjectURL(image.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [image.data]);
  const label = t(DOCUMENT_LABEL[document]);
  return (
    <figure className="desk__document" data-testid={`identity-document-${document}`}>
      {url ? <img src={url} alt={label} /> : image.isError ? <p className="desk__error">{t('identity.desk.documentFailed')}</p> : <Spinner />}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function Outcome({ info }: { info: IdentityRequestResponse }) {
  return (
    <p className="desk__text" data-testid="identity-outcome">
      {t(`identity.desk.status.${info.status}`)}
      {info.decidedAt ? ` · ${calendarDate(info.decidedAt)}` : ''}
      {info.reason ? ` · ${t('identity.desk.reasonShown', { reason: info.reason })}` : ''}
    </p>
  );
}

function Decision({ id }: { id: string }) {
  const decide = useIdentityDecision(id);
  const toast = useToast();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const run = (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) {
      setProblem(t('identity.desk.reasonRequired'));
      return;
    }
    setProblem(null);
    decide.mutate(
      { decision, reason: reason.trim() || null },
      {
        onSuccess: (answer) => toast(answer.message, 'success'),
        onError: (error) => setProblem(errorText(error, t('identity.desk.decisionFailed'))),
      },
    );
  };

  return (
    <form className="desk__actions" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <label className="desk__label" htmlFor={reasonId}>
        {t('identity.desk.reason')}
      </label>
      <textarea
        id={reasonId}
        className="field__input"
        value={reason}
        maxLength={IDENTITY_REASON_MAX_LENGTH}
        placeholder={t('identity.desk.reasonPlaceholder')}
        onChange={(event) => setReason(event.target.value)}
      />
      {problem ? (
        <p className="desk__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="desk__buttons">
        <Button variant="primary" disabled={decide.isPending} onClick={() => run('approve')}>
          {t('identity.desk.approve')}
        </Button>
        <Button variant="danger" disabled={decide.isPending} onClick={() => run('reject')}>
          {t('identity.desk.reject')}
        </Button>
      </div>
    </form>
  );
}
