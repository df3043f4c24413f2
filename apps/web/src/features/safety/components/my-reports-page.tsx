import type { MyReport } from '@wag/contract/moderation';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useMyReports } from '../api/safety-api';
import './safety.css';

/** "Mis reportes": what I reported, its status, and the outcome once a moderator decided. */
export function MyReportsPage() {
  const list = useMyReports();
  useDocumentTitle(t('safety.myReports.title'));
  const reports = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="safety" data-testid="my-reports-page">
      <PageHeader back={{ to: '/settings/privacy-security', label: t('settings.privacySecurity') }} title={t('safety.myReports.title')} subtitle={t('safety.myReports.subtitle')} />
      {list.isPending ? (
        <Spinner />
      ) : reports.length === 0 ? (
        <p className="safety__empty">{t('safety.myReports.empty')}</p>
      ) : (
        <ul className="panel-list">
          {reports.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}

function ReportRow({ report }: { report: MyReport }) {
  const subject = t(`safety.subjects.${report.subjectType}`);
  const what = report.subjectType === 'user' ? `${subject} @${report.subjectId}` : subject;
  return (
    <li className="safety__row" data-testid="my-report">
      <span className="safety__row-main">
        <span className="safety__row-title">
          {what} · {t(`safety.reasons.${report.reason}`)}
        </span>
        <span className="safety__row-meta">
          {t('safety.myReports.reported', { when: calendarDate(report.createdAt) })}
          {report.decidedAt ? ` · ${t('safety.myReports.decided', { when: calendarDate(report.decidedAt) })}` : ''}
        </span>
        {report.outcome ? <span className="safety__row-meta">{t(`safety.outcomes.${report.outcome}`)}</span> : null}
      </span>
      <span className={`safety__pill safety__pill--${report.status}`}>{t(`safety.myReports.status.${report.status}`)}</span>
    </li>
  );
}
