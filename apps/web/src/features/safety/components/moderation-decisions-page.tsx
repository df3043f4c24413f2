import type { MyDecision } from '@wag/contract/moderation';
import { APPEAL_TEXT_MAX_LENGTH } from '@wag/contract/moderation-rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useAppeal, useMyDecisions } from '../api/safety-api';
import '../../../components/ui/text-field.css';
import './safety.css';

/**
 * The owner's view of moderation decisions about their content or account: what was decided, why,
 * and 'Apelar' once (docs/product-decisions.md §9, statement of reasons and appeal).
 */
export function ModerationDecisionsPage() {
  const list = useMyDecisions();
  useDocumentTitle(t('safety.decisions.title'));
  const decisions = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="safety" data-testid="moderation-decisions-page">
      <PageHeader back={{ to: '/settings/privacy-security', label: t('settings.privacySecurity') }} title={t('safety.decisions.title')} subtitle={t('safety.decisions.subtitle')} />
      {list.isPending ? (
        <Spinner />
      ) : decisions.length === 0 ? (
        <p className="safety__empty">{t('safety.decisions.empty')}</p>
      ) : (
        <ul className="panel-list">
          {decisions.map((decision) => (
            <DecisionRow key={`${decision.subjectType}:${decision.subjectId}:${decision.decidedAt}`} decision={decision} />
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}

function DecisionRow({ decision }: { decision: MyDecision }) {
  const [appealing, setAppealing] = useState(false);
  const subject = t(`safety.subjects.${decision.subjectType}`);
  return (
    <li className="safety__decision" data-testid="moderation-decision">
      <div className="safety__decision-head">
        {decision.preview.thumbnailUrl ? <img className="safety__thumb" src={decision.preview.thumbnailUrl} alt="" width={48} height={48} loading="lazy" /> : null}
        <span className="safety__row-main">
          <span className="safety__row-title">
            {subject} · {t(`safety.outcomes.${decision.action}`)}
          </span>
          <span className="safety__row-meta">
            {t('safety.decisions.decided', { when: calendarDate(decision.decidedAt) })}
            {decision.until ? ` · ${t('safety.decisions.until', { when: calendarDate(decision.until) })}` : ''}
          </span>
        </span>
      </div>
      {decision.preview.text ? <p className="safety__text">“{decision.preview.text}”</p> : null}
      <p className="safety__text">{decision.reason ? t('safety.decisions.reason', { reason: decision.reason }) : t('safety.decisions.noReason')}</p>
      {decision.appeal === 'pending' ? <p className="safety__hint">{t('safety.decisions.appealPending')}</p> : null}
      {decision.appeal === 'decided' ? <p className="safety__hint">{t('safety.decisions.appealDecided')}</p> : null}
      {decision.appeal === 'possible' && !appealing ? (
        <div>
          <Button variant="secondary" onClick={() => setAppealing(true)}>
            {t('safety.decisions.appeal')}
          </Button>
        </div>
      ) : null}
      {decision.appeal === 'possible' && appealing ? <AppealForm decision={decision} onCancel={() => setAppealing(false)} /> : null}
    </li>
  );
}

function AppealForm({ decision, onCancel }: { decision: MyDecision; onCancel: () => void }) {
  const appeal = useAppeal();
  const toast = useToast();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    appeal.mutate(
      { subjectType: decision.subjectType, subjectId: decision.subjectId, text: text.trim() },
      {
        onSuccess: () => toast(t('safety.decisions.appealSent'), 'success'),
        onError: (error) => setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('safety.block.failed')),
      },
    );
  };
  return (
    <form onSubmit={submit} data-testid="appeal-form">
      <h2 className="safety__label">{t('safety.decisions.appealTitle')}</h2>
      <p className="safety__hint">{t('safety.decisions.appealHint')}</p>
      <div className="safety__field">
        <label className="safety__label" htmlFor={id}>
          {t('safety.decisions.appealPlaceholder')}
        </label>
        <textarea id={id} className="field__input" value={text} maxLength={APPEAL_TEXT_MAX_LENGTH} onChange={(event) => setText(event.target.value)} />
      </div>
      {problem ? (
        <p className="safety__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="safety__actions">
        <Button type="submit" disabled={appeal.isPending || text.trim() === ''}>
          {t('safety.decisions.appealSend')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('safety.decisions.appealCancel')}
        </Button>
      </div>
    </form>
  );
}
