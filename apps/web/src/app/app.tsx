import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { Gates } from './gates/gates';
import { LanguageFollower } from './language-follower';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { ThemeSync } from './theme-sync';

/** The terms, privacy and cookie pages can be read before accepting the gates (they show no content). */
function isPublicDocument(pathname: string): boolean {
  return pathname.startsWith('/legal/');
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <Providers queryClient={queryClient}>
      <ThemeSync />
      <LanguageFollower />
      <Screens router={router} />
    </Providers>
  );
}

/**
 * The screens call `t()` while rendering, outside React's knowledge: a new language mounts them again
 * (keyed by it) so every text is redrawn at once. The router, its location and the query cache stay.
 */
function Screens({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const { i18n } = useTranslation();
  const [pathname, setPathname] = useState(router.state.location.pathname);
  useEffect(() => router.subscribe((state) => setPathname(state.location.pathname)), [router]);
  return (
    <Gates key={i18n.resolvedLanguage ?? i18n.language} open={isPublicDocument(pathname)}>
      <RouterProvider router={router} />
    </Gates>
  );
}
