import type { ModerationContent, ModerationSubjectResponse } from '@wag/contract/moderation';
import {
  isOpenEndedSuspension,
  MODERATION_REASON_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_SUBJECT_TYPES,
  type ModerationAction,
  type ReportSubjectType,
} from '@wag/contract/moderation-rules';
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { AppLink } from '../../../lib/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarDate, commentAge } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useModerationAction, useSubject } from '../api/moderation-api';
import { ModerationGate } from './moderation-gate';
import '../../../components/ui/text-field.css';
import './moderation.css';

/** The actions the desk offers for a kind of subject (the server checks the state and answers why not). */
const ACTIONS: Record<'user' | 'content', ModerationAction[]> = {
  user: ['suspend', 'unsuspend', 'dismiss', 'escalate', 'note'],
  content: ['takedown', 'restore', 'dismiss', 'escalate', 'note'],
};

/** /moderation/{subjectType}/{subjectId}: the subject as its owner sees it, its reports, history and actions. */
export function ModerationSubjectPage() {
  const { subjectType = '', subjectId = '' } = useParams();
  const type = REPORT_SUBJECT_TYPES.find((known) => known === subjectType);
  return <ModerationGate>{type && subjectId ? <Subject type={type} id={subjectId} /> : <p className="desk__empty">{t('errors.notFoundTitle')}</p>}</ModerationGate>;
}

function Subject({ type, id }: { type: ReportSubjectType; id: string }) {
  const subject = useSubject(type, id);
  useDocumentTitle(t('moderation.subjectTitle', { subject: t(`safety.subjects.${type}`) }));
  if (subject.isPending) return <Spinner />;
  if (subject.isError) return <p className="desk__empty">{t('errors.notFoundTitle')}</p>;
  const { subject: info, reports, events } = subject.data;
  return (
    <section className="desk" data-testid="moderation-subject">
      <AppLink to="/moderation" className="desk__back">
        <Icon name="chevronLeft" size={20} />
        {t('moderation.back')}
      </AppLink>
      <h1 className="desk__title">{t('moderation.subjectTitle', { subject: t(`safety.subjects.${type}`) })}</h1>
      <p className="desk__muted">
        {info.owner ? `${t('moderation.owner', { username: info.owner.username })} · ` : ''}
        <span className="desk__status" data-testid="subject-status">
          {t(`moderation.status.${info.status ?? 'none'}`)}
        </span>
      </p>
      <div className="desk__grid">
        <div className="desk__panel">
          <h2 className="desk__heading">{t('moderation.contentAsOwner')}</h2>
          <Content content={info.content} />
        </div>
        <div className="desk__panel">
          <h2 className="desk__heading">{t('moderation.actionsTitle')}</h2>
          <Actions type={type} id={id} />
        </div>
        <div className="desk__panel">
          <h2 className="desk__heading">{t('moderation.reportsTitle')}</h2>
          <Reports reports={reports} />
        </div>
        <div className="desk__panel">
          <h2 className="desk__heading">{t('moderation.historyTitle')}</h2>
          <History events={events} />
        </div>
      </div>
    </section>
  );
}

function Mark({ state, reason }: { state: 'pending' | 'removed'; reason: string | null }) {
  return (
    <p className="desk__mark">
      {state === 'removed' ? t('moderation.removed') : t('moderation.held')}
      {reason ? `: ${reason}` : ''}
    </p>
  );
}

function Content({ content }: { content: ModerationContent }) {
  switch (content.type) {
    case 'post': {
      const { post } = content;
      return (
        <div data-testid="subject-content">
          {post.moderation ? <Mark state={post.moderation.state} reason={post.moderation.reason} /> : null}
          <div className="desk__media">
            {post.media.map((item, index) => {
              const src = item.type === 'image' ? item.url ?? item.thumbnail_url : item.poster_url ?? item.thumbnail_url;
              return src ? <img key={index} src={src} alt="" loading="lazy" /> : null;
            })}
          </div>
          {post.body ? <p className="desk__text">{post.body}</p> : null}
          <p className="desk__meta">{calendarDate(post.created_at)}</p>
        </div>
      );
    }
    case 'comment':
      return (
        <div data-testid="subject-content">
          {content.comment.moderation ? <Mark state={content.comment.moderation.state} reason={content.comment.moderation.reason} /> : null}
          <p className="desk__text">“{content.comment.text}”</p>
          <p className="desk__meta">{calendarDate(content.comment.createdAt)}</p>
        </div>
      );
    case 'story': {
      const src = content.story.mediaType === 'image' ? content.story.mediaUrl : content.story.posterUrl;
      return (
        <div data-testid="subject-content">
          {content.story.moderation ? <Mark state={content.story.moderation.state} reason={content.story.moderation.reason} /> : null}
          {src ? <img className="desk__story" src={src} alt="" loading="lazy" /> : null}
          <p className="desk__meta">{calendarDate(content.story.createdAt)}</p>
        </div>
      );
    }
    case 'message':
      return (
        <div data-testid="subject-content">
          {content.message.moderation ? <Mark state={content.message.moderation.state} reason={content.message.moderation.reason} /> : null}
          <p className="desk__meta">
            @{content.message.sender} → @{content.message.recipient}
          </p>
          <p className="desk__text">“{content.message.text}”</p>
        </div>
      );
    case 'user': {
      const { user } = content;
      return (
        <div data-testid="subject-content">
          <div className="desk__person">
            <Avatar name={user.fullName || user.username} src={user.profilePictureUrl} size={56} />
            <span>
              <strong>{user.fullName || user.username}</strong>
              <span className="desk__meta"> @{user.username}</span>
            </span>
          </div>
          {user.suspendedUntil ? (
            <p className="desk__mark">{t('moderation.suspendedUntil', { when: isOpenEndedSuspension(user.suspendedUntil) ? '∞' : calendarDate(user.suspendedUntil) })}</p>
          ) : null}
          {user.bio ? <p className="desk__text">{user.bio}</p> : null}
          <p className="desk__meta">
            {user.followers} · {user.following} · {user.posts} — {calendarDate(user.createdAt)}
          </p>
        </div>
      );
    }
  }
}

function Reports({ reports }: { reports: ModerationSubjectResponse['reports'] }) {
  if (reports.length === 0) return <p className="desk__muted">{t('moderation.noReports')}</p>;
  return (
    <ul className="desk__entries">
      {reports.map((report) => (
        <li key={report.id} data-testid="subject-report">
          <strong>{t(`safety.reasons.${report.reason}`)}</strong> · {report.byGuest ? t('moderation.guest') : report.reporter ? `@${report.reporter}` : '—'} ·{' '}
          {commentAge(report.createdAt)} · {t(`safety.myReports.status.${report.status}`)}
          {report.details ? <p className="desk__text">{report.details}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** A report's event records the reason's code: shown as its label; moderators' reasons are their own words. */
function eventReason(action: string, reason: string): string {
  const code = action === 'report' ? REPORT_REASONS.find((known) => known === reason) : undefined;
  return code ? t(`safety.reasons.${code}`) : reason;
}

function History({ events }: { events: ModerationSubjectResponse['events'] }) {
  if (events.length === 0) return <p className="desk__muted">{t('moderation.noHistory')}</p>;
  return (
    <ol className="desk__entries">
      {events.map((event) => (
        <li key={event.id} data-testid="subject-event">
          <strong>{t(`moderation.events.${event.action}`)}</strong> · {event.actor ? `@${event.actor}` : t('moderation.system')} · {commentAge(event.createdAt)}
          {event.decidesAppeal ? ` · ${t('moderation.final')}` : ''}
          {event.until && !isOpenEndedSuspension(event.until) ? ` · ${calendarDate(event.until)}` : ''}
          {event.reason ? <p className="desk__text">{eventReason(event.action, event.reason)}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function Actions({ type, id }: { type: ReportSubjectType; id: string }) {
  const act = useModerationAction(type, id);
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ModerationAction | null>(null);
  const ids = { reason: useId(), until: useId() };
  const actions = ACTIONS[type === 'user' ? 'user' : 'content'];

  const run = (action: ModerationAction) => {
    setConfirming(null);
    act.mutate(
      { action, reason: reason.trim(), until: action === 'suspend' && until ? new Date(`${until}T23:59:59`).toISOString() : null },
      {
        onSuccess: () => {
          toast(t('moderation.done'), 'success');
          setReason('');
          setUntil('');
          setProblem(null);
        },
        onError: (error) => setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('moderation.failed')),
      },
    );
  };
  const choose = (action: ModerationAction) => {
    if (action === 'takedown' || action === 'suspend') setConfirming(action);
    else run(action);
  };

  return (
    <form className="desk__actions" onSubmit={(event: FormEvent) => event.preventDefault()}>
      <label className="desk__label" htmlFor={ids.reason}>
        {t('moderation.reason')}
      </label>
      <textarea
        id={ids.reason}
        className="field__input"
        value={reason}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        placeholder={t('moderation.reasonPlaceholder')}
        onChange={(event) => setReason(event.target.value)}
        data-testid="action-reason"
      />
      {type === 'user' ? (
        <>
          <label className="desk__label" htmlFor={ids.until}>
            {t('moderation.until')}
          </label>
          <input id={ids.until} className="field__input" type="date" value={until} onChange={(event) => setUntil(event.target.value)} />
        </>
      ) : null}
      {reason.trim() ? null : <p className="desk__hint">{t('moderation.reasonRequired')}</p>}
      {problem ? (
        <p className="desk__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="desk__buttons">
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'takedown' || action === 'suspend' ? 'danger' : 'secondary'}
            disabled={act.isPending || !reason.trim()}
            onClick={() => choose(action)}
            data-testid={`action-${action}`}
          >
            {t(`moderation.actions.${action}`)}
          </Button>
        ))}
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t(`moderation.actions.${confirming}`)}
          description={confirming === 'takedown' ? t('moderation.confirmTakedown') : t('moderation.confirmSuspend')}
          confirmLabel={t('moderation.confirm')}
          cancelLabel={t('moderation.cancel')}
          onConfirm={() => run(confirming)}
          onCancel={() => setConfirming(null)}
          busy={act.isPending}
          testId="confirm-action"
        />
      ) : null}
    </form>
  );
}
