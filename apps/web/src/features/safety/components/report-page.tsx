import {
  GUEST_REPORTABLE,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_SUBJECT_TYPES,
  URGENT_REPORT_REASONS,
  type ReportReason,
  type ReportSubjectType,
} from '@wag/contract/moderation-rules';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { NotFoundNotice } from './not-found-notice';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { currentLocale, t, type MessageKey } from '../../../lib/i18n';
import { useLoginLinks } from '../../../lib/login-return';
import { useSession } from '../../../lib/session';
import { useReport, useSetBlocked } from '../api/safety-api';
import '../../../components/ui/text-field.css';
import './safety.css';

const SUBJECT_NOUNS: Record<ReportSubjectType, MessageKey> = {
  user: 'safety.subjects.user',
  post: 'safety.subjects.post',
  comment: 'safety.subjects.comment',
  story: 'safety.subjects.story',
  message: 'safety.subjects.message',
};

/** /report-user/{username}: report a person. */
export function ReportUserPage() {
  const { username = '' } = useParams();
  return <ReportForm subjectType="user" subjectId={username} />;
}

/** /report/{subjectType}/{subjectId}: report a post, quicky, comment, story or message (the "Reportar" entries). */
export function ReportContentPage() {
  const { subjectType = '', subjectId = '' } = useParams();
  const type = REPORT_SUBJECT_TYPES.find((known) => known === subjectType && known !== 'user');
  if (!type || !subjectId) return <NotFoundNotice />;
  return <ReportForm subjectType={type} subjectId={subjectId} />;
}

function ReportForm({ subjectType, subjectId }: { subjectType: ReportSubjectType; subjectId: string }) {
  const { token, username: me } = useSession();
  const navigate = useNavigate();
  const loginLinks = useLoginLinks();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { reason: useId(), details: useId(), email: useId() };
  const guest = token === null;
  const noun = t(SUBJECT_NOUNS[subjectType]);
  // Inside a sentence the noun is written small ("Reportar publicación"), except in German, where every noun is capitalised.
  const subject = currentLocale() === 'de' ? noun : noun.toLocaleLowerCase(currentLocale());
  const title = subjectType === 'user' ? t('safety.report.titleUser', { username: subjectId }) : t('safety.report.titleContent', { subject });
  useDocumentTitle(title);

  if (guest && !GUEST_REPORTABLE.includes(subjectType)) {
    return (
      <section className="safety" data-testid="report-page">
        <div className="safety__card">
          <h1 className="safety__title">{title}</h1>
          <p className="safety__text">{t('safety.report.guestNotAllowed')}</p>
          <ButtonLink to={loginLinks.login}>{t('auth.login.submit')}</ButtonLink>
        </div>
      </section>
    );
  }

  if (report.isSuccess) return <ReportSent subjectType={subjectType} subjectId={subjectId} signedIn={!guest} own={me?.toLowerCase() === subjectId.toLowerCase()} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setProblem(t('safety.report.reasonRequired'));
      return;
    }
    setProblem(null);
    report.mutate(
      { subjectType, subjectId, reason, details: details.trim() || null, email: guest ? email.trim() : null },
      { onError: (error) => setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('safety.block.failed')) },
    );
  };

  return (
    <section className="safety" data-testid="report-page">
      <button type="button" className="safety__back" onClick={() => navigate(-1)}>
        <Icon name="chevronLeft" size={20} />
        {t('safety.block.cancel')}
      </button>
      <h1 className="safety__title">{title}</h1>
      <p className="safety__subtitle">{t('safety.report.intro')}</p>
      <form className="safety__card" onSubmit={submit} noValidate>
        <div className="safety__field">
          <label className="safety__label" htmlFor={ids.reason}>
            {t('safety.report.reason')}
          </label>
          <select id={ids.reason} className="field__input" value={reason} onChange={(event) => setReason(event.target.value as ReportReason | '')} required>
            <option value="">{t('safety.report.reasonPlaceholder')}</option>
            {REPORT_REASONS.map((code) => (
              <option key={code} value={code}>
                {t(`safety.reasons.${code}`)}
              </option>
            ))}
          </select>
          {reason && URGENT_REPORT_REASONS.includes(reason) ? <p className="safety__hint">{t('safety.report.urgentHint')}</p> : null}
        </div>
        <div className="safety__field">
          <label className="safety__label" htmlFor={ids.details}>
            {t('safety.report.details')}
          </label>
          <textarea
            id={ids.details}
            className="field__input"
            value={details}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            placeholder={t('safety.report.detailsPlaceholder')}
            onChange={(event) => setDetails(event.target.value)}
          />
          <span className="safety__count" aria-live="polite">
            {t('safety.report.detailsCount', { count: details.length, max: REPORT_DETAILS_MAX_LENGTH })}
          </span>
        </div>
        {guest ? (
          <div className="safety__field">
            <label className="safety__label" htmlFor={ids.email}>
              {t('safety.report.email')}
            </label>
            <input id={ids.email} className="field__input" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
            <p className="safety__hint">{t('safety.report.emailHint')}</p>
          </div>
        ) : null}
        {problem ? (
          <p className="safety__error" role="alert">
            {problem}
          </p>
        ) : null}
        <Button type="submit" block disabled={report.isPending}>
          {report.isPending ? t('safety.report.sending') : t('safety.report.submit')}
        </Button>
      </form>
    </section>
  );
}

/** 'Reporte Enviado': what happens now, and for a person, the offer to block them too. */
function ReportSent({ subjectType, subjectId, signedIn, own }: { subjectType: ReportSubjectType; subjectId: string; signedIn: boolean; own: boolean }) {
  const block = useSetBlocked(subjectId);
  const offerBlock = subjectType === 'user' && signedIn && !own;
  return (
    <section className="safety" data-testid="report-sent">
      <div className="safety__card safety__card--center">
        <span className="safety__icon" aria-hidden="true">
          <Icon name="check" size={26} />
        </span>
        <h1 className="safety__title">{t('safety.report.sentTitle')}</h1>
        <p className="safety__text">{t('safety.report.sentBody')}</p>
        {subjectType !== 'user' && signedIn ? <p className="safety__text">{t('safety.report.sentHidden')}</p> : null}
        {offerBlock && !block.isSuccess ? (
          <>
            <p className="safety__text">{t('safety.report.alsoBlock', { username: subjectId })}</p>
            <Button variant="danger" onClick={() => block.mutate(true)} disabled={block.isPending}>
              {t('safety.report.blockToo', { username: subjectId })}
            </Button>
          </>
        ) : null}
        {block.isSuccess ? <p className="safety__text">{t('safety.block.blockedToast', { username: subjectId })}</p> : null}
        <div className="safety__actions">
          {signedIn ? (
            <ButtonLink to="/settings/privacy-security/my-reports" variant="secondary">
              {t('safety.report.myReports')}
            </ButtonLink>
          ) : null}
          <ButtonLink to="/" variant="ghost">
            {t('safety.report.done')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
