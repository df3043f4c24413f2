import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { browserHistory, HistoryRouter } from '../lib/history-router';
import { Gates } from './gates/gates';
import { LanguageFollower } from './language-follower';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { AppScreens, prepareScreens, routes } from './router';
import { ThemeSync } from './theme-sync';

/** The terms, privacy and cookie pages can be read before accepting the gates (they show no content). */
function isPublicDocument(pathname: string): boolean {
  return pathname.startsWith('/legal/');
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [history] = useState(browserHistory);
  return (
    <Providers queryClient={queryClient}>
      <ThemeSync />
      <LanguageFollower />
      <HistoryRouter history={history} prepare={prepareScreens}>
        <Screens />
      </HistoryRouter>
    </Providers>
  );
}

/**
 * The screens call `t()` while rendering, outside React's knowledge: a new language mounts them again
 * (keyed by it) so every text is redrawn at once. The router, its location and the query cache stay.
 */
function Screens() {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Gates key={i18n.resolvedLanguage ?? i18n.language} open={isPublicDocument(pathname)}>
      <AppScreens routes={routes} />
    </Gates>
  );
}
