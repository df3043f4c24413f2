import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { errorText } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { t } from '../../../lib/i18n';
import { useDownloadMyData } from '../api/account-data-api';
import './account-data.css';

const CONTENTS = ['profile', 'posts', 'stories', 'comments', 'messages', 'people', 'activity', 'sessions'] as const;

/** /settings/account/download-data: a zip of everything WAG keeps of the account. */
export function DownloadDataPage() {
  useDocumentTitle(t('accountData.download.title'));
  const download = useDownloadMyData();
  return (
    <section className="account-data" data-testid="download-data-page">
      <PageHeader back={{ to: '/settings/account', label: t('settings.account') }} title={t('accountData.download.title')} subtitle={t('accountData.download.subtitle')} />
      <div className="panel-card">
        <h2>{t('accountData.download.contentsTitle')}</h2>
        <ul className="account-data__list">
          {CONTENTS.map((item) => (
            <li key={item}>{t(`accountData.download.contents.${item}`)}</li>
          ))}
        </ul>
        {download.isSuccess ? (
          <p className="account-data__done" role="status" data-testid="download-done">
            {t('accountData.download.done', { fileName: download.data.fileName })}
          </p>
        ) : null}
        {download.isError ? (
          <p className="account-data__error" role="alert">
            {errorText(download.error, t('accountData.download.failed'))}
          </p>
        ) : null}
        <Button block disabled={download.isPending} onClick={() => download.mutate()} data-testid="download-data">
          {download.isPending ? t('accountData.download.preparing') : t('accountData.download.submit')}
        </Button>
      </div>
    </section>
  );
}
