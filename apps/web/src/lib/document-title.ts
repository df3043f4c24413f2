import { useEffect } from 'react';
import { t } from './i18n';

/** Sets the tab title to "<title> · WAG" while the screen is shown. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? t('app.documentTitle', { title }) : t('app.name');
  }, [title]);
}
